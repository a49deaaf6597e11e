import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyAppointments } from '../../data/index.ts';
import { useDrawnLater } from '../../ui/useDrawnLater.ts';
import { appointmentsByPerson } from './VisitorAppointment.tsx';
import { VisitorCard } from './VisitorCard.tsx';
import type { VisitorListProps } from '../../ui/widgets.ts';

/**
 * Cards drawn in the list's first frame: what a screen shows above the fold. A laptop's 1280×900
 * window shows the first card and the top of the second under the page's header and tabs, a phone
 * one card. The rest of the page of cards follows in the next render, after that frame is on the
 * screen: a card costs several milliseconds to render on a slow phone, and the ones below the fold
 * need not wait.
 */
export const FIRST_FRAME_CARDS = 2;

/**
 * A non-empty page of visitors as the visitors page and the live page's people tab both show it:
 * how many of how many, the cards, and "load more" while some are left.
 */
export function VisitorList({ eventId, event, data, onFilterBy, onMore, compact = false }: VisitorListProps) {
  const { t } = useTranslation();
  // Read once for the whole list, not per card: every card looks its person up in this map.
  const { data: mine } = useMyAppointments(eventId);
  const byPerson = useMemo(() => appointmentsByPerson(mine), [mine]);
  const allDrawn = useDrawnLater(true);
  const cards = allDrawn ? data.items : data.items.slice(0, FIRST_FRAME_CARDS);
  return (
    <>
      <p className="muted" aria-live="polite">
        {t('common.shownOf', { shown: data.items.length, total: data.total })}
      </p>
      <ul className="visitor-list">
        {cards.map((v) => (
          <VisitorCard
            key={v.id}
            visitor={v}
            event={event}
            appointment={byPerson.get(v.user_id)}
            canFilterByRole={data.source === 'device'}
            onFilterBy={onFilterBy}
          />
        ))}
      </ul>
      {data.items.length < data.total ? (
        <div className="list-footer">
          <button type="button" className={compact ? 'btn btn--secondary btn--sm' : 'btn btn--secondary'} onClick={onMore}>
            {t('common.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
