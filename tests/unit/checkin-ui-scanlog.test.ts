import { describe, expect, it } from 'vitest';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { doorTicket } from '../fixtures/door-ticket.ts';
import { doorScanLog, filterScanLog, scanLogCounts, toUnmatchedScans, type OutboxScan, type UnmatchedScan } from '../../sync/views/checkin/checkin.ts';

/**
 * The organiser's list of every scan: built from the door tickets (every device's scans once
 * synced), this device's scans still in the outbox and the server's scans that match no ticket,
 * each listed once, newest first, with its verdict.
 */

const EVENT = 41;
const T0 = Date.parse('2026-05-12T10:00:00.000Z');

function ticket(id: number, over: Partial<DoorTicketDoc> = {}): DoorTicketDoc {
  return doorTicket(EVENT, { id: String(id), ticket_id: id, code: `FY-T${id}`, holder_name: `Holder ${id}`, type: 'VIP', ...over });
}

const scan = (id: string, device: string, at: number, result: DoorTicketDoc['scans'][number]['result'] = 'admitted', duplicate_of = '') => ({
  id,
  device_id: device,
  scanned_at_ms: at,
  received_at_ms: at + 5_000,
  result,
  duplicate_of,
});

function pending(
  id: string,
  ticketId: number | null,
  at: number,
  result: OutboxScan['result'] = 'admitted',
  status: OutboxScan['status'] = 'pending',
  code = 'FY-T7',
): OutboxScan {
  return { id, ticket_id: ticketId, device_id: 'door-here', scanned_at_ms: at, result, code, status };
}

describe('the scan log', () => {
  it('lists every known scan once, newest first, with holder, device, both times and the verdict', () => {
    const tickets = [
      ticket(7, { scans: [scan('a', 'door-1', T0, 'admitted'), scan('b', 'door-2', T0 + 1_000, 'admitted', 'a')] }),
      ticket(8, { status: 'cancelled', scans: [scan('c', 'door-1', T0 + 2_000, 'cancelled')] }),
    ];
    // 'a' is also still in this device's outbox: the server's copy wins, listed once.
    const out = [pending('a', 7, T0), pending('d', null, T0 + 3_000, 'unknown', 'pending', 'NOPE')];
    const unmatched: UnmatchedScan[] = [
      { id: 'e', code: 'FORGED', device_id: 'door-2', scanned_at_ms: T0 + 4_000, received_at_ms: T0 + 4_500, result: 'forged' },
      { id: 'd', code: 'NOPE', device_id: 'door-here', scanned_at_ms: T0 + 3_000, received_at_ms: T0 + 3_100, result: 'unknown' },
    ];
    const rows = doorScanLog(tickets, out, unmatched);
    expect(rows.map((r) => [r.id, r.verdict, r.result])).toEqual([
      ['e', 'refused', 'forged'],
      ['d', 'refused', 'unknown'],
      ['c', 'refused', 'cancelled'],
      ['b', 'duplicate', 'admitted'],
      ['a', 'admitted', 'admitted'],
    ]);
    expect(rows.find((r) => r.id === 'b')).toMatchObject({
      holder_name: 'Holder 7',
      code: 'FY-T7',
      device_id: 'door-2',
      scanned_at_ms: T0 + 1_000,
      received_at_ms: T0 + 6_000,
      upload: null,
    });
    // Not back from the server yet: no receipt time, and the upload's state instead.
    expect(rows.find((r) => r.id === 'd')).toMatchObject({ received_at_ms: null, upload: 'pending', code: 'NOPE' });
    expect(scanLogCounts(rows)).toEqual({ all: 5, admitted: 1, refused: 3, duplicate: 1, exit: 0 });
    expect(filterScanLog(rows, 'duplicate').map((r) => r.id)).toEqual(['b']);
    expect(filterScanLog(rows, 'refused').map((r) => r.id)).toEqual(['e', 'd', 'c']);
    expect(filterScanLog(rows, 'all')).toHaveLength(5);
  });

  it('files a check-out under exits, not refusals; a check-out of a ticket not inside stays a refusal', () => {
    const tickets = [ticket(7, { scans: [scan('in', 'door-1', T0), scan('out', 'door-1', T0 + 60_000, 'checked_out')] })];
    const rows = doorScanLog(tickets, [pending('out-again', 7, T0 + 120_000, 'not_inside')], []);
    expect(rows.map((r) => [r.id, r.verdict])).toEqual([
      ['out-again', 'refused'],
      ['out', 'exit'],
      ['in', 'admitted'],
    ]);
    expect(scanLogCounts(rows)).toEqual({ all: 3, admitted: 1, refused: 1, duplicate: 0, exit: 1 });
    expect(filterScanLog(rows, 'exit').map((r) => r.id)).toEqual(['out']);
  });

  it('marks a queued admission after a known earlier one as a duplicate, as the server will', () => {
    const tickets = [ticket(7, { scans: [scan('srv', 'door-1', T0)] })];
    const rows = doorScanLog(tickets, [pending('later', 7, T0 + 60_000), pending('other', 9, T0 + 1_000, 'admitted', 'rejected', 'FY-T9')], []);
    expect(rows.map((r) => [r.id, r.verdict, r.upload])).toEqual([
      ['later', 'duplicate', 'pending'],
      ['other', 'admitted', 'rejected'],
      ['srv', 'admitted', null],
    ]);
    // A queued admission scanned before the server's one is the first; the server's becomes the duplicate only once flagged.
    const earlier = doorScanLog(tickets, [pending('earlier', 7, T0 - 60_000)], []);
    expect(earlier.find((r) => r.id === 'earlier')?.verdict).toBe('admitted');
  });

  it("keeps this device's latest scans listed between leaving the outbox and coming back", () => {
    const recent = [
      {
        id: 'gone',
        scanned_at_ms: T0 + 9_000,
        result: 'unknown' as const,
        code: 'NOPE',
        ticket_id: null,
        holder_name: '',
        type: '',
        unlisted: false,
        used_by: null,
      },
      {
        id: 'a',
        scanned_at_ms: T0,
        result: 'admitted' as const,
        code: 'FY-T7',
        ticket_id: 7,
        holder_name: 'Holder 7',
        type: 'VIP',
        unlisted: false,
        used_by: null,
      },
    ];
    const tickets = [ticket(7, { scans: [scan('a', 'door-here', T0)] })];
    const rows = doorScanLog(tickets, [], [], { recent, deviceId: 'door-here' });
    expect(rows.map((r) => [r.id, r.device_id, r.received_at_ms, r.upload, r.verdict])).toEqual([
      ['gone', 'door-here', null, 'applied', 'refused'],
      ['a', 'door-here', T0 + 5_000, null, 'admitted'],
    ]);
    // Once the server's unmatched answer has it, that copy (with its receipt time) is the one listed.
    const back = doorScanLog(
      tickets,
      [],
      [{ id: 'gone', code: 'NOPE', device_id: 'door-here', scanned_at_ms: T0 + 9_000, received_at_ms: T0 + 9_500, result: 'unknown' }],
      { recent, deviceId: 'door-here' },
    );
    expect(back[0]).toMatchObject({ id: 'gone', received_at_ms: T0 + 9_500, upload: null });
  });

  it('reads the server unmatched scans, leaving out scans of a ticket and malformed rows', () => {
    const data = {
      items: [
        { id: 'x', ticket_id: null, code: 'NOPE', device_id: 'door-1', scanned_at_ms: T0, received_at_ms: T0 + 1, result: 'unknown', duplicate_of: '' },
        { id: 'y', ticket_id: 7, code: 'FY-T7', device_id: 'door-1', scanned_at_ms: T0, received_at_ms: T0 + 1, result: 'admitted' },
        { id: 'z', ticket_id: null, code: 'Q', device_id: 'door-1', scanned_at_ms: T0, received_at_ms: T0, result: 'made_up' },
        'garbage',
      ],
    };
    expect(toUnmatchedScans(data)).toEqual([{ id: 'x', code: 'NOPE', device_id: 'door-1', scanned_at_ms: T0, received_at_ms: T0 + 1, result: 'unknown' }]);
    expect(toUnmatchedScans(null)).toEqual([]);
  });
});
