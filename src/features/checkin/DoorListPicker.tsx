import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorActions, DoorState } from '../../data/index.ts';
import { formatListDay } from './format.ts';

/**
 * Which check-in list this door works (contract/checkin-lists.ts), chosen from the lists the device
 * holds so it works offline, with the list's count as the device sees it, and entry or exit where
 * the list lets people leave and come back. An event without lists shows nothing: its door admits
 * every ticket once, as before lists.
 */
export function DoorListPicker({ door, actions }: { door: DoorState; actions: Pick<DoorActions, 'chooseList' | 'setDirection'> }) {
  const { t } = useTranslation();
  const id = useId();
  const { items, chosen, direction, count } = door.lists;
  if (items.length === 0 && !chosen) return null;
  const fail = (err: unknown) => console.error('foyer: the door list could not be kept', err);
  return (
    <div className="door-list">
      <label htmlFor={id} className="door-list__label">
        {t('door.lists.label')}
      </label>
      <select
        id={id}
        className="door-list__select"
        value={chosen ? String(chosen.id) : ''}
        onChange={(e) => {
          const list = items.find((l) => String(l.id) === e.target.value);
          const value = list ? { id: list.id, name: list.name, type_ids: list.type_ids, day: list.day, reentry: list.reentry } : null;
          actions.chooseList(value).catch(fail);
        }}
      >
        <option value="">{t('door.lists.choose')}</option>
        {items.map((l) => (
          <option key={l.id} value={String(l.id)}>
            {l.name}
          </option>
        ))}
      </select>
      {chosen ? (
        <p className="door-list__facts" data-list-count>
          {count ? t('door.lists.count', { inside: count.inside, allowed: count.allowed }) : null}
          {chosen.day ? ` · ${t('door.lists.day', { day: formatListDay(chosen.day) })}` : ''}
        </p>
      ) : (
        <p className="door-note">{t('door.lists.chooseFirst')}</p>
      )}
      {chosen?.reentry ? (
        <fieldset className="door-list__direction">
          <legend className="visually-hidden">{t('door.lists.direction')}</legend>
          {(['in', 'out'] as const).map((d) => (
            <button
              key={d}
              type="button"
              className={`door-list__dir${direction === d ? ' door-list__dir--on' : ''}`}
              aria-pressed={direction === d}
              onClick={() => actions.setDirection(d).catch(fail)}
            >
              {d === 'in' ? t('door.lists.entry') : t('door.lists.checkOut')}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
