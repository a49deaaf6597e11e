import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitorsState } from '../../ui/visitors-params.ts';

const SORTS = ['status:desc', 'status:asc', 'name:asc', 'name:desc', 'register:desc', 'register:asc'] as const;

/** The visitors' sort order: in the page's header on a desktop, in the filter sheet on a phone. */
export function SortBox({ state, onChange }: { state: VisitorsState; onChange(next: VisitorsState): void }) {
  const { t } = useTranslation();
  const sortId = useId();
  return (
    <div className="sort-box">
      <label htmlFor={sortId}>{t('visitors.sort.label')}</label>
      <select
        id={sortId}
        value={`${state.sort}:${state.order}`}
        onChange={(e) => {
          const [sort, order] = e.target.value.split(':') as [VisitorsState['sort'], VisitorsState['order']];
          onChange({ ...state, sort, order });
        }}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {t(`visitors.sort.${s.replace(':', '_')}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
