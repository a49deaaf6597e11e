import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  /** The way forward: a link or a button. An empty screen should never be a dead end. */
  action?: ReactNode;
  icon?: ReactNode;
  compact?: boolean;
  /** The title is the page's heading when the empty state is all the page shows. */
  heading?: boolean;
}

export function EmptyState({ title, text, action, icon, compact = false, heading = false }: EmptyStateProps) {
  return (
    <div className={compact ? 'empty empty--compact' : 'empty'}>
      {icon ? (
        <div className="empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      {heading ? <h1 className="empty__title">{title}</h1> : <p className="empty__title">{title}</p>}
      {text ? <p className="empty__text">{text}</p> : null}
      {action ? <div className="empty__action">{action}</div> : null}
    </div>
  );
}

/** A page that is only an empty state (not found, not yours, not on this device): its title is the page's heading. */
export function EmptyPage(props: Omit<EmptyStateProps, 'heading' | 'compact'>) {
  return (
    <div className="page page--narrow">
      <EmptyState heading {...props} />
    </div>
  );
}
