import type { ReactNode } from 'react';

/** One part of an organiser's page: a section named by its heading, so the page's outline lists each. */
export function AdminPanel({ id, className, title, children }: { id: string; className?: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="admin__h2">
        {title}
      </h2>
      {children}
    </section>
  );
}
