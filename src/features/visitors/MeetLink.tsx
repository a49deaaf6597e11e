import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/Button.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';

/** One tap from the visitors to meet by QR (issue 31): the own code and the scanner. */
export function MeetLink({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Link className={buttonClass('secondary', 'sm', 'meet-open')} to={to(`/events/${eventId}/meet`)}>
      {t('contacts.meet.open')}
    </Link>
  );
}
