import { useId, type ReactNode } from 'react';

export interface CardProps {
  title: ReactNode;
  /** Links or buttons shown beside the title ("See all"). */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}

export function Card({ title, actions, headingLevel = 2, className, children }: CardProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <header className="card__header">
        <Heading id={headingId} className="card__title">
          {title}
        </Heading>
        {actions ? <div className="card__actions">{actions}</div> : null}
      </header>
      <div className="card__body">{children}</div>
    </section>
  );
}
