import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageWindow } from './pagination.ts';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** Pages shown on each side of the current one. */
  margin: number;
  /** Every page is a real link, so it can be opened in a new tab, bookmarked and shared. */
  hrefFor(page: number): string;
}

export function Pagination({ page, totalPages, margin, hrefFor }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const slots = pageWindow(page, totalPages, margin);
  return (
    <nav className="pagination" aria-label={t('ui.pagination.label')}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link className="pagination__link pagination__step" to={hrefFor(page - 1)} rel="prev">
              <span aria-hidden="true">‹</span> {t('ui.pagination.previous')}
            </Link>
          ) : null}
        </li>
        {slots.map((slot, index) =>
          slot === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap is known only by its place among the page numbers
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <Link
                className={slot === page ? 'pagination__link pagination__link--current' : 'pagination__link'}
                to={hrefFor(slot)}
                aria-current={slot === page ? 'page' : undefined}
                aria-label={t('ui.pagination.page', { page: slot })}
              >
                {slot}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link className="pagination__link pagination__step" to={hrefFor(page + 1)} rel="next">
              {t('ui.pagination.next')} <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
