import { SLOT_STATUS, type SlotStatus } from '../../../contract/appointments.ts';

/** Status 1 only: 3 and 5 are blocked by the specs, 2 and 4 would double-book the user. */
export function isSlotSelectable(status: SlotStatus): boolean {
  return status === SLOT_STATUS.available;
}

/**
 * The next step after choosing a slot (networking.md §4 submit flow): the contact form for an
 * online event when the user has no phone; the place selector when the slot has both a free table
 * and other places; otherwise the request goes out as it is, with place 5 when there is no table.
 */
export type SubmitStep = 'contact' | 'place' | 'send';

export function nextStep(input: { online: boolean; hasPhone: boolean; slot: { exist_tables: boolean; exist_other_place: boolean } | null }): SubmitStep {
  if (input.online) return input.hasPhone ? 'send' : 'contact';
  if (input.slot?.exist_tables && input.slot.exist_other_place) return 'place';
  return 'send';
}
