import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from './useLocale.ts';

/** The way on from an empty list of one's own (events, tickets, meetings, calendar): to the events to choose from. */
export function BrowseEventsLink() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Link className="btn btn--primary btn--sm" to={to('/events')}>
      {t('event.browse')}
    </Link>
  );
}
