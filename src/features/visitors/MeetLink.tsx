import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/Button.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Icon } from '../../ui/icons.tsx';

/**
 * One tap from the visitors to meet by QR (issue 31): the own code and the scanner. Beside the
 * page's title; on a phone it is the QR mark alone (its name stays whole for screen readers),
 * because the filters' row below already holds "people to meet" and the filters, and
 * a third button there would push the first card off the first screen.
 */
export function MeetLink({ eventId, compact }: { eventId: number; compact: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const label = t('contacts.meet.open');
  return (
    <Link className={buttonClass('secondary', 'sm', 'meet-open')} to={to(`/events/${eventId}/meet`)} aria-label={compact ? label : undefined}>
      <QrMark />
      {compact ? null : label}
    </Link>
  );
}

function QrMark() {
  return (
    <Icon>
      <path
        fill="currentColor"
        d="M3 3h8v8H3zm2 2v4h4V5zm8-2h8v8h-8zm2 2v4h4V5zM3 13h8v8H3zm2 2v4h4v-4zm8-2h2v2h-2zm2 2h2v2h-2zm2-2h2v2h-2zm2 2h2v2h-2zm-4 2h2v2h-2zm2 2h2v2h-2zm2-2h2v2h-2zm-6 2h2v2h-2z"
      />
    </Icon>
  );
}
