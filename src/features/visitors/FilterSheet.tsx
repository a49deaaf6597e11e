import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../ui/useModalDialog.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';

/**
 * On a phone the visitors' filters wait behind one button, so the cards come first: the button says
 * how many filters are on, and opens them in a sheet from the bottom of the screen. The sheet is a
 * native modal <dialog> (Escape closes it, the page behind is inert); filters apply as they are
 * ticked, so "Show results" only closes it.
 */
export function FilterSheet({ active, total, children }: { active: number; total: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const ref = useModalDialog(open, () => setOpen(false));

  return (
    <>
      <Button variant="secondary" className="filter-sheet__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <FilterIcon />
        {t('visitors.sheet.open')}
        {active > 0 ? (
          <span className="filter-sheet__count">
            <span aria-hidden="true">{active}</span>
            <span className="visually-hidden">{t('visitors.sheet.active', { n: active })}</span>
          </span>
        ) : null}
      </Button>
      <dialog ref={ref} className="filter-sheet" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <div className="filter-sheet__head">
          <h2 id={titleId} className="filter-sheet__title">
            {t('visitors.filters.label')}
          </h2>
          <button type="button" className="filter-sheet__close" aria-label={t('common.close')} onClick={() => setOpen(false)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="filter-sheet__body">{open ? children : null}</div>
        <div className="filter-sheet__foot">
          <Button onClick={() => setOpen(false)}>{t('visitors.sheet.show', { n: total })}</Button>
        </div>
      </dialog>
    </>
  );
}

function FilterIcon() {
  return (
    <Icon>
      <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Icon>
  );
}
