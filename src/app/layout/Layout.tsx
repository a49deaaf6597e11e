import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { Header } from './Header.tsx';
import { TabBar } from './TabBar.tsx';
import { InstallOffer } from '../pwa/InstallOffer.tsx';
import { Rejections } from './Rejections.tsx';
import { AppointmentHost } from '../../features/appointments/AppointmentHost.tsx';
import { ChatHost } from '../../features/messages/ChatHost.tsx';
// The chat modal opens on any page (a visitor card, a profile), not only after Messages loaded its sheet.
import '../../features/messages/messages.css';
import { CheckoutHost } from '../../features/checkout/CheckoutHost.tsx';
import { SessionHandoff } from '../../features/account/SessionHandoff.tsx';
import { UnverifiedNotice } from '../../features/account/UnverifiedNotice.tsx';
import { OfflineDigest } from '../../features/digest/OfflineDigest.tsx';
import { ReferralCatcher } from '../../features/referrals/ReferralCatcher.tsx';

export function Layout() {
  const { t } = useTranslation();
  return (
    // The hosts put the chat modal, the appointment modal, the call, the checkout and the dashboard's
    // notifications on every page; the call shows a conversation, so the chat host is outside.
    <ChatHost>
      <AppointmentHost>
        <CheckoutHost>
          <div className="app">
            <a className="skip-link" href="#main">
              {t('common.skipToContent')}
            </a>
            <SessionHandoff />
            <ReferralCatcher />
            <Header />
            {/* tabIndex lets the skip link move focus here, not only scroll. */}
            <main id="main" className="main" tabIndex={-1}>
              <UnverifiedNotice />
              <OfflineDigest />
              <InstallOffer />
              <Outlet />
            </main>
            <TabBar />
            <Rejections />
            <UpdatePrompt />
          </div>
        </CheckoutHost>
      </AppointmentHost>
    </ChatHost>
  );
}
