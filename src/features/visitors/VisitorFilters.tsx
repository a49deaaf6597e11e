import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_BUCKETS, INTERESTS, TRIP_STATUSES } from '../../../contract/index.ts';
import type { CategoryCount } from '../../data/index.ts';
import { activeFilterCount, toggled, type VisitorsState } from '../../ui/visitors-params.ts';

/** Categories shown before "show more". */
const CATEGORIES_SHOWN = 5;
const INTEREST_IDS = Object.keys(INTERESTS).map(Number);
const STATUS_IDS = Object.values(TRIP_STATUSES);

export interface VisitorFiltersProps {
  state: VisitorsState;
  categories: CategoryCount[];
  allCount: number;
  signedIn: boolean;
  onChange(next: VisitorsState): void;
  /** A guest chose My Appointments. */
  onNeedLogin(): void;
}

/**
 * The side filters: the event's categories (radio, with All, clear filter and show more/less),
 * All / My Appointments, and sex, age, interests and status with the values of events.md §9.
 * Every control is a native radio or checkbox in a fieldset, so it works from the keyboard and
 * reads out as a group.
 */
export function VisitorFilters({ state, categories, allCount, signedIn, onChange, onNeedLogin }: VisitorFiltersProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const group = useId();
  const shown = expanded ? categories : categories.slice(0, CATEGORIES_SHOWN);
  const set = (patch: Partial<VisitorsState>) => onChange({ ...state, ...patch });
  const { role: _role, ...withoutRole } = state;
  const active = activeFilterCount(state);

  return (
    <div className="visitor-filters">
      {categories.length ? (
        <fieldset className="filter-group">
          <legend>{t('visitors.filters.category')}</legend>
          <label className="filter-option">
            <input type="radio" name={`${group}-cat`} checked={!state.menuId && !state.role} onChange={() => onChange(clearCategory(state))} />
            <span>{t('visitors.filters.all')}</span>
            <span className="filter-option__count">{allCount}</span>
          </label>
          {state.role ? (
            <label className="filter-option">
              <input type="radio" name={`${group}-cat`} checked onChange={() => undefined} />
              <span>{t(`visitors.roles.${state.role}`)}</span>
            </label>
          ) : null}
          {shown.map((c) => (
            <label key={c.id} className="filter-option">
              <input type="radio" name={`${group}-cat`} checked={state.menuId === c.id} onChange={() => onChange({ ...withoutRole, menuId: c.id })} />
              <span>{c.name}</span>
              <span className="filter-option__count">{c.count}</span>
            </label>
          ))}
          <div className="filter-group__links">
            {categories.length > CATEGORIES_SHOWN ? (
              <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
                {expanded ? t('visitors.filters.showLess') : t('visitors.filters.showMore')}
              </button>
            ) : null}
            {state.menuId || state.role ? (
              <button type="button" className="link-button" onClick={() => onChange(clearCategory(state))}>
                {t('visitors.filters.clear')}
              </button>
            ) : null}
          </div>
        </fieldset>
      ) : state.role ? (
        <p className="filter-group">
          {t('visitors.filters.byRole', { role: t(`visitors.roles.${state.role}`) })}{' '}
          <button type="button" className="link-button" onClick={() => onChange(clearCategory(state))}>
            {t('visitors.filters.clear')}
          </button>
        </p>
      ) : null}

      <fieldset className="filter-group">
        <legend>{t('visitors.filters.appointments')}</legend>
        <label className="filter-option">
          <input type="radio" name={`${group}-app`} checked={!state.onlyAppointments} onChange={() => set({ onlyAppointments: false })} />
          <span>{t('visitors.filters.all')}</span>
        </label>
        <label className="filter-option">
          <input
            type="radio"
            name={`${group}-app`}
            checked={state.onlyAppointments}
            onChange={() => (signedIn ? set({ onlyAppointments: true }) : onNeedLogin())}
          />
          <span>{t('visitors.filters.myAppointments')}</span>
        </label>
      </fieldset>

      <details className="filter-more" open={active > 0 || undefined}>
        <summary>{active ? t('visitors.filters.moreActive', { n: active }) : t('visitors.filters.more')}</summary>
        <fieldset className="filter-group">
          <legend>{t('visitors.filters.sex')}</legend>
          <label className="filter-option">
            <input type="radio" name={`${group}-sex`} checked={state.sex === undefined} onChange={() => onChange(withoutSex(state))} />
            <span>{t('visitors.filters.all')}</span>
          </label>
          <label className="filter-option">
            <input type="radio" name={`${group}-sex`} checked={state.sex === 1} onChange={() => set({ sex: 1 })} />
            <span>{t('visitors.sex.male')}</span>
          </label>
          <label className="filter-option">
            <input type="radio" name={`${group}-sex`} checked={state.sex === 0} onChange={() => set({ sex: 0 })} />
            <span>{t('visitors.sex.female')}</span>
          </label>
        </fieldset>
        <CheckGroup
          legend={t('visitors.filters.age')}
          options={AGE_BUCKETS.map((b) => ({
            value: b.value,
            label: b.max === null ? t('visitors.ageFrom', { min: b.min }) : t('visitors.ageRange', { min: b.min, max: b.max }),
          }))}
          checked={state.ages}
          onChange={(ages) => set({ ages })}
        />
        <CheckGroup
          legend={t('visitors.filters.interests')}
          options={INTEREST_IDS.map((id) => ({ value: id, label: t(`visitors.interests.${id}`) }))}
          checked={state.interests}
          onChange={(interests) => set({ interests })}
        />
        <CheckGroup
          legend={t('visitors.filters.status')}
          options={STATUS_IDS.map((id) => ({ value: id, label: t(`visitors.tripStatus.${id}`) }))}
          checked={state.statuses}
          onChange={(statuses) => set({ statuses })}
        />
      </details>
    </div>
  );
}

/** A filter where any number of values may be chosen; none chosen means no filter. */
function CheckGroup({
  legend,
  options,
  checked,
  onChange,
}: {
  legend: string;
  options: readonly { value: number; label: string }[];
  checked: readonly number[];
  onChange(next: number[]): void;
}) {
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="filter-option">
          <input type="checkbox" checked={checked.includes(o.value)} onChange={() => onChange(toggled(checked, o.value))} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function clearCategory(state: VisitorsState): VisitorsState {
  const { menuId: _m, role: _r, ...rest } = state;
  return rest;
}

function withoutSex(state: VisitorsState): VisitorsState {
  const { sex: _s, ...rest } = state;
  return rest;
}
