import type { DoorScanOutcome, ScanResult } from '../../data/index.ts';

/**
 * How the door shows a scan: a tone (go, stop) and the message key of its reason. Kept apart from
 * the components so the wording of every result is chosen in one place and tested.
 */

export type VerdictTone = 'admitted' | 'refused' | 'warning';

export interface VerdictView {
  tone: VerdictTone;
  /** checkin.result.* */
  titleKey: string;
  /** checkin.reason.*; null when the title says it all. */
  reasonKey: string | null;
}

const REASON: Record<Exclude<ScanResult, 'admitted'>, string> = {
  unknown: 'door.reason.unknown',
  forged: 'door.reason.forged',
  wrong_event: 'door.reason.wrong_event',
  cancelled: 'door.reason.cancelled',
  invalid: 'door.reason.invalid',
  already_used: 'door.reason.already_used',
  transferred: 'door.reason.transferred',
  not_on_list: 'door.reason.not_on_list',
  wrong_day: 'door.reason.wrong_day',
  checked_out: 'door.reason.checked_out',
  not_inside: 'door.reason.not_inside',
};

export function verdictView(outcome: Pick<DoorScanOutcome, 'verdict'>): VerdictView {
  const v = outcome.verdict;
  if (v.result === 'admitted') {
    // Let in on the strength of the signature: the person is genuine, the list is only behind.
    return v.unlisted
      ? { tone: 'warning', titleKey: 'door.result.admitted', reasonKey: 'door.reason.unlisted' }
      : { tone: 'admitted', titleKey: 'door.result.admitted', reasonKey: null };
  }
  // An exit lets nobody in and refuses nobody: the person leaves, and may come back in.
  if (v.result === 'checked_out') return { tone: 'admitted', titleKey: 'door.result.checked_out', reasonKey: REASON[v.result] };
  return { tone: 'refused', titleKey: v.result === 'already_used' ? 'door.result.already_used' : 'door.result.refused', reasonKey: REASON[v.result] };
}

/** "this device" instead of its id, so the person at the door knows the earlier scan was theirs. */
export function deviceLabel(deviceId: string, ownId: string | null): { self: boolean; id: string } {
  return { self: ownId !== null && deviceId === ownId, id: deviceId };
}
