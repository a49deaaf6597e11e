import { parseTicketPayload } from '../../../contract/checkin.ts';
import { listPresence } from '../../../contract/checkin-lists.ts';
import type { DoorTicketDoc, ScanResult } from '../../../contract/tickets.ts';
import type { OutboxStatus } from '../../engine/database.ts';
import type { OutboxScan, RecentScan, UnmatchedScan } from './device.ts';

/**
 * The organiser's list of every scan of an event, built on the device (docs/DESIGN.md "Companies,
 * tickets and the door on the device"): the door tickets' scans, this device's scans still in the
 * outbox, and the server's unmatched scans.
 */

export type ScanVerdictKind = 'admitted' | 'refused' | 'duplicate' | 'exit';
export const SCAN_LOG_FILTERS = ['all', 'admitted', 'refused', 'duplicate', 'exit'] as const;

/** A scan's verdict before duplicates are told apart: a check-out is a way out, not a refusal. */
function verdictOf(result: ScanResult): ScanVerdictKind {
  if (result === 'admitted') return 'admitted';
  return result === 'checked_out' ? 'exit' : 'refused';
}
export type ScanLogFilter = (typeof SCAN_LOG_FILTERS)[number];

export interface ScanLogRow {
  id: string;
  ticket_id: number | null;
  /** The ticket's code when the device knows the ticket, else what was scanned. */
  code: string;
  holder_name: string;
  type: string;
  device_id: string;
  scanned_at_ms: number;
  /** When the server received it; null while it waits in this device's outbox. */
  received_at_ms: number | null;
  result: ScanResult;
  /** admitted, refused (with `result` as the reason) or duplicate (an admission after the first). */
  verdict: ScanVerdictKind;
  /** For this device's scans not back from the server yet: where the upload stands. */
  upload: OutboxStatus | null;
}

/**
 * Every scan of the event the device knows, newest first: the scans the door tickets carry (every
 * device's, as the server recorded them), this device's scans still in the outbox, and the
 * server's unmatched scans from its last answer. A scan is listed once, the server's copy first.
 * An admission is a duplicate when the server flagged it, or, for a scan not back yet, when an
 * earlier admission of the ticket is known here (the rule the server applies).
 */
export function doorScanLog(
  tickets: readonly DoorTicketDoc[],
  pending: readonly OutboxScan[],
  unmatched: readonly UnmatchedScan[],
  own: { recent: readonly RecentScan[]; deviceId: string | null } = { recent: [], deviceId: null },
): ScanLogRow[] {
  const rows = new Map<string, ScanLogRow>();
  const byId = new Map(tickets.map((t) => [t.ticket_id, t]));
  for (const t of tickets) {
    for (const s of t.scans) {
      rows.set(s.id, {
        id: s.id,
        ticket_id: t.ticket_id,
        code: t.code,
        holder_name: t.holder_name,
        type: t.type,
        device_id: s.device_id,
        scanned_at_ms: s.scanned_at_ms,
        received_at_ms: s.received_at_ms,
        result: s.result,
        verdict: s.result !== 'admitted' ? verdictOf(s.result) : s.duplicate_of ? 'duplicate' : 'admitted',
        upload: null,
      });
    }
  }
  for (const s of pending) {
    if (rows.has(s.id)) continue;
    const t = s.ticket_id !== null ? byId.get(s.ticket_id) : undefined;
    let verdict = verdictOf(s.result);
    if (verdict === 'admitted' && s.ticket_id !== null) {
      // On its own list only; exits are recorded only on lists that allow re-entry.
      const list = s.list_id ?? 0;
      const known = [...(t?.scans ?? []), ...pending.filter((p) => p.ticket_id === s.ticket_id)].filter((k) => (k.list_id ?? 0) === list);
      if (
        listPresence(
          known,
          known.some((k) => k.result === 'checked_out'),
        ).duplicates.has(s.id)
      )
        verdict = 'duplicate';
    }
    rows.set(s.id, {
      id: s.id,
      ticket_id: s.ticket_id,
      code: t?.code ?? ticketCodeOfRaw(s.code),
      holder_name: t?.holder_name ?? '',
      type: t?.type ?? '',
      device_id: s.device_id,
      scanned_at_ms: s.scanned_at_ms,
      received_at_ms: null,
      result: s.result,
      verdict,
      upload: s.status,
    });
  }
  for (const s of unmatched) {
    if (rows.has(s.id)) continue;
    rows.set(s.id, {
      id: s.id,
      ticket_id: null,
      code: s.code,
      holder_name: '',
      type: '',
      device_id: s.device_id,
      scanned_at_ms: s.scanned_at_ms,
      received_at_ms: s.received_at_ms,
      result: s.result,
      verdict: verdictOf(s.result),
      upload: null,
    });
  }
  // This device's latest scans that are in none of the above: out of the outbox (so the server has
  // them) but not yet back, a scan of no ticket until the next unmatched answer. Without them such
  // a scan would drop out of the list for a moment.
  if (own.deviceId) {
    for (const r of own.recent) {
      if (rows.has(r.id)) continue;
      rows.set(r.id, {
        id: r.id,
        ticket_id: r.ticket_id,
        code: r.code,
        holder_name: r.holder_name,
        type: r.type,
        device_id: own.deviceId,
        scanned_at_ms: r.scanned_at_ms,
        received_at_ms: null,
        result: r.result,
        verdict: verdictOf(r.result),
        upload: 'applied',
      });
    }
  }
  return [...rows.values()].sort((a, b) => b.scanned_at_ms - a.scanned_at_ms || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

function ticketCodeOfRaw(raw: string): string {
  const parsed = parseTicketPayload(raw);
  return parsed.kind === 'empty' ? '' : parsed.code;
}

export function filterScanLog(rows: readonly ScanLogRow[], filter: ScanLogFilter): ScanLogRow[] {
  return filter === 'all' ? [...rows] : rows.filter((r) => r.verdict === filter);
}

export function scanLogCounts(rows: readonly ScanLogRow[]): Record<ScanLogFilter, number> {
  const counts = { all: rows.length, admitted: 0, refused: 0, duplicate: 0, exit: 0 };
  for (const r of rows) counts[r.verdict]++;
  return counts;
}
