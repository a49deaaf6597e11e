import { describe, expect, it } from 'vitest';
import { judgeScan, parseTicketPayload, type KnownScan } from '../../contract/checkin.ts';
import { checkCheckinList, dayIn, eventDays, listPresence, type CheckinList } from '../../contract/checkin-lists.ts';
import type { DoorScan } from '../../contract/tickets.ts';
import { listHeadCount } from '../../sync/views/checkin/lists.ts';
import { doorTicket } from '../fixtures/door-ticket.ts';

/**
 * The door's offline rules for check-in lists (contract/checkin-lists.ts), tested like its
 * duplicate scans: a list admits its types on its day; usage counts per list; a list with re-entry
 * lets a ticket in again after a "Check out", and never while it is in.
 */

const EVENT = 41;
const T0 = Date.parse('2026-05-12T10:00:00.000Z');
const VIP = 5;
const STANDARD = 6;
const hall: CheckinList = { id: 1, name: 'Main hall', type_ids: [], day: '', reentry: true };
const vip: CheckinList = { id: 2, name: 'VIP', type_ids: [VIP], day: '', reentry: false };
const workshop: CheckinList = { id: 3, name: 'Workshop day 2', type_ids: [], day: '2026-05-13', reentry: false };

const ticket = (over: Parameters<typeof doorTicket>[1] = {}) => doorTicket(EVENT, { type_id: STANDARD, ...over });
const scanOf = (id: string, list: number, result: DoorScan['result'], at: number): DoorScan => ({
  id,
  device_id: 'door-a',
  scanned_at_ms: at,
  received_at_ms: at,
  result,
  duplicate_of: '',
  list_id: list,
});
const judge = (t: ReturnType<typeof ticket>, list: CheckinList | null, more: { direction?: 'in' | 'out'; today?: string; scans?: KnownScan[] } = {}) =>
  judgeScan({ eventId: EVENT, parsed: parseTicketPayload(t.code), signatureValid: null, ticket: t, list, today: '2026-05-12', ...more });

describe('a check-in list at the door', () => {
  it('refuses a ticket of another type with not_on_list and one on another day with wrong_day', () => {
    expect(judge(ticket(), vip).result).toBe('not_on_list');
    expect(judge(ticket({ type_id: VIP }), vip).result).toBe('admitted');
    // A ticket of no type (a registration) gets in only on lists of every type.
    expect(judge(ticket({ type_id: 0 }), vip).result).toBe('not_on_list');
    expect(judge(ticket(), workshop).result).toBe('wrong_day');
    expect(judge(ticket(), workshop, { today: '2026-05-13' }).result).toBe('admitted');
    // A revoked ticket says so first: the list's reasons come after the ticket's own.
    expect(judge(ticket({ status: 'cancelled' }), vip).result).toBe('cancelled');
  });

  it('counts usage per list: used in the main hall, a ticket still enters the workshop, never the hall twice without an exit', () => {
    const used = ticket({ scans: [scanOf('s1', hall.id, 'admitted', T0)] });
    expect(judge(used, workshop, { today: '2026-05-13' }).result).toBe('admitted');
    const again = judge(used, hall);
    expect(again).toMatchObject({ result: 'already_used', usedBy: { scan_id: 's1' } });
    // The implicit list (no list chosen) does not see the hall's scans, as an event without lists never had any.
    expect(judge(used, null).result).toBe('admitted');
  });

  it('lets a ticket out and in again on a list with re-entry, offline from its own pending scans too', () => {
    const t = ticket({ scans: [scanOf('s1', hall.id, 'admitted', T0)] });
    expect(judge(t, hall, { direction: 'out' }).result).toBe('checked_out');
    const out: KnownScan = { id: 's2', ticket_id: t.ticket_id, device_id: 'door-b', scanned_at_ms: T0 + 60_000, result: 'checked_out', list_id: hall.id };
    expect(judge(t, hall, { scans: [out] }).result).toBe('admitted');
    // Without re-entry an exit changes nothing: the ticket stays used.
    const noReentry = { ...hall, reentry: false };
    expect(judge(t, noReentry, { scans: [out] }).result).toBe('already_used');
    // An exit of a ticket that is not in is refused as such, and records nobody leaving.
    expect(judge(ticket(), hall, { direction: 'out' }).result).toBe('not_inside');
  });

  it('finds the same duplicates whatever order the scans arrive in', () => {
    const scans = [
      scanOf('b', 1, 'admitted', T0 + 1000),
      scanOf('a', 1, 'admitted', T0),
      scanOf('c', 1, 'checked_out', T0 + 2000),
      scanOf('d', 1, 'admitted', T0 + 3000),
    ];
    const withReentry = listPresence(scans, true);
    expect([...withReentry.duplicates]).toEqual([['b', 'a']]);
    expect(withReentry.inside?.id).toBe('d');
    const without = listPresence([...scans].reverse(), false);
    expect([...without.duplicates].sort()).toEqual([
      ['b', 'a'],
      ['d', 'a'],
    ]);
  });

  it('counts who is in on the chosen list from the door tickets and the pending scans', () => {
    const tickets = [
      ticket({ id: '1', ticket_id: 1, code: 'FY-1', scans: [scanOf('s1', hall.id, 'admitted', T0)] }),
      ticket({ id: '2', ticket_id: 2, code: 'FY-2', scans: [scanOf('s2', hall.id, 'admitted', T0), scanOf('s3', hall.id, 'checked_out', T0 + 10)] }),
      ticket({ id: '3', ticket_id: 3, code: 'FY-3', type_id: VIP }),
    ];
    const pending: KnownScan[] = [{ id: 'p1', ticket_id: 3, device_id: 'door-a', scanned_at_ms: T0 + 20, result: 'admitted', list_id: hall.id }];
    expect(listHeadCount(tickets, pending, hall)).toEqual({ inside: 2, allowed: 3 });
    expect(listHeadCount(tickets, pending, vip)).toEqual({ inside: 0, allowed: 1 });
  });
});

describe('the organiser form of a list', () => {
  it('names the field of each problem the server refuses', () => {
    const days = eventDays(Date.parse('2026-05-12T06:00:00Z'), Date.parse('2026-05-13T18:00:00Z'), 'Europe/Kyiv');
    expect(days).toEqual(['2026-05-12', '2026-05-13']);
    expect(checkCheckinList({ name: ' ', type_ids: [9], day: '2026-05-20', reentry: false }, [VIP], days)).toEqual({
      name: 'required',
      type_ids: 'unknown_type',
      day: 'outside_event',
    });
    expect(checkCheckinList({ name: 'VIP', type_ids: [VIP], day: '2026-05-13', reentry: true }, [VIP], days)).toEqual({});
    // Midnight in Kyiv is still the day before in UTC: the list's day is the event's calendar.
    expect(dayIn(Date.parse('2026-05-12T22:30:00Z'), 'Europe/Kyiv')).toBe('2026-05-13');
  });
});
