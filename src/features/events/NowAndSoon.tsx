import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EventView } from '../../data/index.ts';
import { Card } from '../../ui/Card.tsx';
import { formatEventStart } from '../../ui/format/events.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { eventPhase } from '../../ui/video/phase.ts';
import { ProgrammeNow } from './ProgrammeNow.tsx';

/** The user's events on now or soon, each with what is live and next and the way to its programme. */
export function NowAndSoon({ events, now, allLink = false }: { events: EventView[]; now: number; allLink?: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Card
      title={t('home.mine')}
      actions={
        allLink ? (
          <Link className="card__link" to={to('/profile/myevents')}>
            {t('home.myEvents')}
          </Link>
        ) : null
      }
    >
      <ul className="home-soon">
        {events.map((e) => (
          <li key={e.event_id} className="home-soon__event" data-testid="home-soon-event">
            <p className="home-soon__head">
              <Link className="home-soon__name" to={to(`/events/${e.event_id}`)}>
                {e.name}
              </Link>
              <span className="home-soon__when muted">
                {eventPhase(e.when, e.when_end, now) === 'running' ? t('home.onNow') : t('home.starts', { when: formatEventStart(e.when, e.timezone) })}
              </span>
            </p>
            <ProgrammeNow eventId={e.event_id} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
