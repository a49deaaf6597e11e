import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLocalePath } from './useLocale.ts';

/**
 * A screen's heading: the event it belongs to, as the way back to it; the title; and a line under
 * it that says what the screen holds. One shape for every screen, so they read alike.
 */
export function PageHeader({ title, lead, event }: { title: ReactNode; lead?: ReactNode; event?: { id: number; name: string } | null }) {
  const to = useLocalePath();
  return (
    <div className="page__intro">
      {event ? (
        <p className="muted">
          <Link to={to(`/events/${event.id}`)}>{event.name}</Link>
        </p>
      ) : null}
      <h1 className="page__title">{title}</h1>
      {lead ? <p className="page__lead">{lead}</p> : null}
    </div>
  );
}
