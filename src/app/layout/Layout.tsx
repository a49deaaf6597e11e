import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { Header } from './Header.tsx';
import { Rejections } from './Rejections.tsx';
import { AppointmentHost } from '../../features/appointments/AppointmentHost.tsx';

export function Layout() {
  const { t } = useTranslation();
  return (
    // The host puts the appointment modal, the call and the dashboard's notifications on every page.
    <AppointmentHost>
      <div className="app">
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        <Header />
        {/* tabIndex lets the skip link move focus here, not only scroll. */}
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Rejections />
        <UpdatePrompt />
      </div>
    </AppointmentHost>
  );
}
