import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TICKETS_ASIDE_SIZE } from '../../../contract/constants.ts';
import { useMyTickets } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Card } from '../../ui/Card.tsx';
import { useNow } from '../../ui/useNow.ts';
import { TicketCard } from './TicketCard.tsx';
import { TicketToasts } from './TicketToasts.tsx';
import './tickets.css';

const PERIOD_REFRESH_MS = 60_000;

/**
 * The my-profile aside's tickets (events.md §2): the next TICKETS_ASIDE_SIZE tickets, upcoming
 * first, with a link to all of them. For ProfileAside to place.
 */
export function TicketsAside() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const now = useNow(PERIOD_REFRESH_MS);
  const { data, isLoading } = useMyTickets('all', TICKETS_ASIDE_SIZE, now);
  return (
    <Card
      title={t('tickets.asideTitle')}
      headingLevel={3}
      actions={data.total > 0 ? <Link to={to('/profile/mytickets')}>{t('tickets.seeAll', { n: data.total })}</Link> : undefined}
    >
      {data.items.length === 0 ? (
        isLoading ? null : (
          <p className="muted">{t('tickets.empty.all')}</p>
        )
      ) : (
        <TicketToasts>
          <ul className="ticket-list">
            {data.items.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} compact />
              </li>
            ))}
          </ul>
        </TicketToasts>
      )}
    </Card>
  );
}
