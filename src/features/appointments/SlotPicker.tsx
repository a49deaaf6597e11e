import { useTranslation } from 'react-i18next';
import { SLOT_STATUS, type SlotStatus } from '../../../contract/appointments.ts';
import type { SlotView } from '../../data/index.ts';
import { isSlotSelectable } from './slots.ts';
import { rovingTarget } from '../../ui/roving.ts';
import { SLOT_KEYS, personName, slotTime } from '../../ui/format/appointments.ts';

/** The slot icons 1–5 (networking.md §3) and what they mean. */
export function SlotIcon({ status }: { status: SlotStatus }) {
  const key = SLOT_KEYS[status];
  return <span className={`slot-icon slot-icon--${key}`} aria-hidden="true" data-status={status} />;
}

export function SlotLegend() {
  const { t } = useTranslation();
  const statuses: SlotStatus[] = [SLOT_STATUS.available, SLOT_STATUS.mine, SLOT_STATUS.theirs, SLOT_STATUS.both, SLOT_STATUS.disabled];
  return (
    <ul className="slot-legend" aria-label={t('appointments.modal.legend')}>
      {statuses.map((s) => (
        <li key={s}>
          <SlotIcon status={s} />
          <span>{t(`appointments.slot.${SLOT_KEYS[s]}`)}</span>
        </li>
      ))}
    </ul>
  );
}

export interface SlotPickerProps {
  slots: SlotView[];
  timezone: string;
  value: number | null;
  onChange(start: number): void;
}

/**
 * HH:mm in the event's timezone; only free slots can be chosen, the others say why not. A radio
 * group: one tab stop (the chosen slot, or the first free one), arrows move to and choose the next
 * free slot; the taken ones stay readable by pointer and screen reader but the arrows skip them.
 */
export function SlotPicker({ slots, timezone, value, onChange }: SlotPickerProps) {
  const { t } = useTranslation();
  const usable = (i: number) => {
    const slot = slots[i];
    return slot !== undefined && isSlotSelectable(slot.status);
  };
  const chosen = slots.findIndex((s) => s.start === value);
  const firstFree = slots.findIndex((s) => isSlotSelectable(s.status));
  const tabStop = chosen >= 0 ? chosen : Math.max(firstFree, 0);
  return (
    <div className="slot-picker" role="radiogroup" aria-label={t('appointments.modal.slotsLabel')}>
      {slots.map((slot, index) => {
        const key = SLOT_KEYS[slot.status];
        const selectable = isSlotSelectable(slot.status);
        const selected = value === slot.start;
        const time = slotTime(slot.start, timezone);
        const withWhom = slot.mine ? personName(slot.mine.user_info, t('appointments.someone')) : null;
        const meaning = withWhom ? t('appointments.slot.mineWith', { name: withWhom }) : t(`appointments.slot.${key}`);
        return (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA radio group pattern on buttons, with roving focus (ui/roving.ts); a native radio cannot show a slot's three states
          <button
            key={slot.start}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-disabled={!selectable || undefined}
            className={['slot', `slot--${key}`, selected ? 'slot--selected' : ''].filter(Boolean).join(' ')}
            title={meaning}
            aria-label={`${time}, ${meaning}`}
            tabIndex={index === tabStop ? 0 : -1}
            onClick={() => {
              if (selectable) onChange(slot.start);
            }}
            onKeyDown={(event) => {
              const next = rovingTarget(event.key, index, slots.length, usable);
              const target = slots[next];
              if (target === undefined) return;
              event.preventDefault();
              onChange(target.start);
              (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
            }}
          >
            <SlotIcon status={slot.status} />
            <span className="slot__time">{time}</span>
          </button>
        );
      })}
    </div>
  );
}
