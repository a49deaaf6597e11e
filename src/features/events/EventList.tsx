import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventView } from '../../data/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useDrawnInSteps } from '../../ui/useDrawnLater.ts';
import { EventCard } from './EventCard.tsx';

export interface EventListProps {
  items: EventView[];
  isLoading: boolean;
  /** 'row' scrolls sideways (home cards); 'grid' wraps (list pages). */
  layout?: 'grid' | 'row';
  /** How many placeholders to draw while the first page loads. */
  skeletons?: number;
  empty: { title: ReactNode; text?: ReactNode; action?: ReactNode };
}

/**
 * A row's cards drawn per frame. A laptop's row shows four cards, a phone's one and a bit; the home
 * page has rows of sixteen, and rendering all of them at once was one of the longest tasks of the
 * first visit on a slow phone.
 */
const ROW_CARDS_PER_FRAME = 4;

export function EventList({ items, isLoading, layout = 'grid', skeletons = 4, empty }: EventListProps) {
  const { t } = useTranslation();
  const drawn = useDrawnInSteps(layout === 'row' ? items.length : 0, ROW_CARDS_PER_FRAME, ROW_CARDS_PER_FRAME);
  if (isLoading && items.length === 0) {
    return (
      <div className={`event-list event-list--${layout}`} aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place, and never reorder
          <div key={i} className="event-card event-card--skeleton" aria-hidden="true">
            <div className="event-card__media" />
            <div className="event-card__body">
              <span className="skeleton-line skeleton-line--short" />
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-line--short" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (items.length === 0) return <EmptyState compact title={empty.title} text={empty.text} action={empty.action} />;
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list role of a <ul> styled with list-style: none
    <ul className={`event-list event-list--${layout}`} role="list">
      {(layout === 'row' ? items.slice(0, drawn) : items).map((event) => (
        <li key={event.event_id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
