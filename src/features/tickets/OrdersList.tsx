import type { ReactNode } from 'react';

/** A titled list on My tickets below the tickets themselves (orders, waitlists), in the orders' look. */
export function OrdersList({ id, className, title, children }: { id: string; className: string; title: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="orders__title">
        {title}
      </h2>
      <ul className="orders__list">{children}</ul>
    </section>
  );
}
