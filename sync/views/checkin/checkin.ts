import { combineLatest, map, type Observable } from 'rxjs';
import {
  SCAN_CODE_MAX,
  firstAdmission,
  judgeScan,
  parseTicketPayload,
  ticketCodeOf,
  validateScan,
  type KnownScan,
  type ScanDirection,
  type ScanVerdict,
} from '../../../contract/checkin.ts';
import { dayIn, type CheckinList } from '../../../contract/checkin-lists.ts';
import type { DoorTicketDoc } from '../../../contract/tickets.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { enqueue } from '../../engine/outbox.ts';

export * from './device.ts';
export * from './answers.ts';
import { DOOR_RECENT_KEEP, isScanResult, modifyDoorEvent, type DoorConflict, type OutboxScan, type RecentScan } from './device.ts';
import { str, type OnlineCheck } from './answers.ts';

/**
 * The door device (offline check-in): the rules of contract/checkin.ts applied to what this device
 * holds. The event's tickets come from the `door_tickets` replication (requested per event through
 * sync/engine/scoped.ts); the event's public key and this device's id are local documents; every scan,
 * admitted or refused, becomes a `ticket.scan` outbox entry whose id is the scan's id, so it is
 * uploaded exactly once.
 *
 * The door's own scans are read from the outbox until the server sends them back inside the door
 * tickets: an applied entry is removed only after a pull that started after the server's answer
 * (sync/engine/engine.ts settle), so a scan is never missing from both places. That is what makes a ticket
 * admitted offline "already used" for the next scan on this device before anything is uploaded.
 *
 * Nothing here checks the session: the door screen is for signed-in owners and staff, and the
 * server refuses uploads from anybody else.
 */

// ---- the door's own scans, from the outbox ----

/**
 * The event's scans still in the outbox, whatever their status: a scan the server refused to
 * record (the user lost door access, say) still let a person in at this door, so it still uses
 * the ticket here. `ticketIdOf` names the ticket of a plain code the device knows.
 */
export function outboxScans(
  entries: readonly Pick<OutboxDoc, 'id' | 'kind' | 'payload' | 'status'>[],
  eventId: number,
  ticketIdOf: (code: string) => number | null,
): OutboxScan[] {
  const out: OutboxScan[] = [];
  for (const e of entries) {
    if (e.kind !== 'ticket.scan' || e.payload.event_id !== eventId) continue;
    const code = str(e.payload.code);
    const at = Date.parse(str(e.payload.scanned_at));
    const parsed = parseTicketPayload(code);
    const ticketId =
      parsed.kind === 'signed' ? (parsed.eventId === eventId ? parsed.ticketId : null) : parsed.kind === 'plain' ? ticketIdOf(parsed.code) : null;
    out.push({
      id: e.id,
      ticket_id: ticketId,
      device_id: str(e.payload.device_id),
      scanned_at_ms: Number.isNaN(at) ? 0 : at,
      // A door always says what it decided; an entry without it is judged by the server alone.
      result: isScanResult(e.payload.result) ? e.payload.result : 'unknown',
      list_id: typeof e.payload.list_id === 'number' ? e.payload.list_id : 0,
      code,
      status: e.status,
    });
  }
  return out;
}

const plainCodes = (entries: readonly Pick<OutboxDoc, 'kind' | 'payload'>[], eventId: number) => {
  const codes = new Set<string>();
  for (const e of entries) {
    if (e.kind !== 'ticket.scan' || e.payload.event_id !== eventId) continue;
    const parsed = parseTicketPayload(str(e.payload.code));
    if (parsed.kind === 'plain') codes.add(parsed.code);
  }
  return [...codes];
};

async function scanEntries(db: FoyerDatabase): Promise<OutboxDoc[]> {
  return (await db.outbox.find({ selector: { kind: 'ticket.scan' } }).exec()).map((d) => d.toJSON() as OutboxDoc);
}

/** The event's scans this device has not yet seen come back from the server, read from the database. */
export async function pendingScansOf(db: FoyerDatabase, eventId: number): Promise<OutboxScan[]> {
  const entries = await scanEntries(db);
  const codes = plainCodes(entries, eventId);
  const byCode = new Map<string, number>();
  if (codes.length) {
    for (const t of await db.door_tickets.find({ selector: { event_id: eventId, code: { $in: codes } } }).exec()) byCode.set(t.code, t.ticket_id);
  }
  return outboxScans(entries, eventId, (code) => byCode.get(code) ?? null);
}

// ---- one scan ----

export interface DoorScanInput {
  eventId: number;
  /** What the camera or the code field gave. */
  raw: string;
  deviceId: string;
  /** The event's key; null when this device never downloaded it (then only known codes get in). */
  publicKey: CryptoKey | null;
  /**
   * Whether the device holds the event's whole ticket list (its door scope caught up once). Until
   * then a code it does not know may well be a genuine ticket still on its way: not a refusal.
   */
  listComplete?: boolean;
  /** The server's answer about this code, when the door asked (checkOnline): it then decides. */
  online?: OnlineCheck;
  /** The door's check-in list (null: the implicit one), entry or exit, and the event's time zone for its day. */
  list?: CheckinList | null;
  direction?: ScanDirection;
  timezone?: string;
  now?: Date;
}

/**
 * Why a scan could not be judged, and so was neither admitted nor refused nor recorded: the tickets
 * are still downloading, or the event's key has not reached the device for a signed code it does not
 * know. The door asks the server when it can (checkOnline), or waits.
 */
export type Undecided = 'downloading' | 'no_key';

export interface DoorScanOutcome {
  verdict: ScanVerdict;
  /** The scan's id (its ticket.scan command id); null for an empty or undecided scan, which is not recorded. */
  scanId: string | null;
  scannedAtMs: number;
  /** Set when the device could not judge the code: then `verdict` says nothing and nothing was recorded. */
  undecided: Undecided | null;
}

async function findDoorTicket(db: FoyerDatabase, eventId: number, q: { ticketId: number } | { code: string }): Promise<DoorTicketDoc | null> {
  if ('ticketId' in q) return ((await db.door_tickets.findOne(String(q.ticketId)).exec())?.toJSON() as DoorTicketDoc | undefined) ?? null;
  const own = await db.door_tickets.findOne({ selector: { event_id: eventId, code: q.code } }).exec();
  if (own) return own.toJSON() as DoorTicketDoc;
  // Another event checked on this device: the rules then say wrong_event rather than unknown.
  return ((await db.door_tickets.findOne({ selector: { code: q.code } }).exec())?.toJSON() as DoorTicketDoc | undefined) ?? null;
}

const queues = new WeakMap<FoyerDatabase, Promise<unknown>>();

/** What the camera read, as the ticket.scan command may carry it. */
export function storableCode(raw: string): string {
  return raw.replaceAll('\u0000', '\uFFFD').slice(0, SCAN_CODE_MAX);
}

/**
 * Judges one scan with what the device holds and records it, admitted or refused. Scans of one
 * database run one after another, so two quick scans of one ticket see each other.
 */
export function recordDoorScan(db: FoyerDatabase, input: DoorScanInput): Promise<DoorScanOutcome> {
  const run = (queues.get(db) ?? Promise.resolve()).catch(() => undefined).then(() => judgeAndRecord(db, input));
  queues.set(db, run);
  return run;
}

async function judgeAndRecord(db: FoyerDatabase, input: DoorScanInput): Promise<DoorScanOutcome> {
  const now = input.now ?? new Date();
  const text = input.raw.trim();
  const parsed = parseTicketPayload(text);
  const online = input.online;
  const fromServer = online?.ticket ?? null;
  let scans = await pendingScansOf(db, input.eventId);
  const rules = { list: input.list ?? null, direction: input.direction ?? 'in', today: dayIn(now.getTime(), input.timezone ?? 'UTC') };
  let verdict: ScanVerdict;
  if (online) {
    // The server's copy of the ticket decides, with this device's own scans of it not yet back
    // (a bare code of a ticket not downloaded yet has no ticket id in the outbox: its code tells).
    if (fromServer)
      scans = scans.map((x) =>
        x.ticket_id === null && parseTicketPayload(x.code).kind === 'plain' && ticketCodeOf(parseTicketPayload(x.code)) === fromServer.code
          ? { ...x, ticket_id: fromServer.ticket_id }
          : x,
      );
    const signatureValid = parsed.kind === 'signed' && parsed.eventId === input.eventId ? (online.signature ?? null) : null;
    verdict = judgeScan({
      eventId: input.eventId,
      parsed,
      signatureValid,
      ticket:
        fromServer ?? (await findDoorTicket(db, input.eventId, parsed.kind === 'signed' ? { ticketId: parsed.ticketId } : { code: ticketCodeOf(parsed) })),
      scans,
      ...rules,
    });
  } else {
    verdict = await validateScan({
      raw: text,
      eventId: input.eventId,
      publicKey: input.publicKey,
      lookup: (q) => findDoorTicket(db, input.eventId, q),
      scans,
      ...rules,
    });
  }
  if (!text) return { verdict, scanId: null, scannedAtMs: now.getTime(), undecided: null };
  // "Unknown" from a device that cannot know yet is no answer: nothing is recorded, and the door
  // says why and offers to ask the server.
  if (!online && verdict.result === 'unknown' && parsed.kind !== 'empty') {
    const ownEvent = parsed.kind === 'plain' || parsed.eventId === input.eventId;
    const undecided: Undecided | null =
      input.listComplete === false && ownEvent ? 'downloading' : parsed.kind === 'signed' && ownEvent && !input.publicKey ? 'no_key' : null;
    if (undecided) return { verdict, scanId: null, scannedAtMs: now.getTime(), undecided };
  }
  const entry = await enqueue(
    db,
    'ticket.scan',
    {
      // Longer than any ticket: refused as unknown either way, and the command accepts 512 at most.
      // A NUL (a forged QR code can carry one) cannot be stored, and the contract refuses it: the
      // scan is recorded with U+FFFD in its place, still unknown, so the organisers see it.
      code: storableCode(text),
      device_id: input.deviceId,
      scanned_at: now.toISOString(),
      event_id: input.eventId,
      result: verdict.result,
      // Only a list and an exit are said: a scan of the implicit list is what older doors send.
      ...(rules.list ? { list_id: rules.list.id } : {}),
      ...(rules.direction === 'out' ? { direction: 'out' as const } : {}),
    },
    now,
  );
  const recent: RecentScan = {
    id: entry.id,
    scanned_at_ms: now.getTime(),
    result: verdict.result,
    code: verdict.code.slice(0, 200),
    ticket_id: verdict.ticketId,
    holder_name: verdict.ticket?.holder_name ?? '',
    type: verdict.ticket?.type ?? '',
    unlisted: verdict.unlisted,
    used_by: verdict.usedBy,
  };
  await modifyDoorEvent(db, input.eventId, (d) => ({ ...d, recent: [recent, ...d.recent].slice(0, DOOR_RECENT_KEEP) }));
  return { verdict, scanId: entry.id, scannedAtMs: now.getTime(), undecided: null };
}

// ---- what the door screen shows ----

export interface DoorCount {
  /** People in: each ticket once, whichever device admitted it and whether uploaded or not. */
  admitted: number;
  /** Tickets admitted more than once (after sync; or twice on this device, which the rules prevent). */
  conflicts: number;
  /** Valid tickets of the event on this device. */
  tickets: number;
}

/** The head count over the door tickets with this device's not-yet-returned scans added. */
export function doorHeadCount(tickets: readonly Pick<DoorTicketDoc, 'ticket_id' | 'status' | 'invalid' | 'scans'>[], pending: readonly KnownScan[]): DoorCount {
  const admissions = new Map<number, Set<string>>();
  const add = (ticketId: number, scanId: string) => {
    const set = admissions.get(ticketId) ?? new Set<string>();
    set.add(scanId);
    admissions.set(ticketId, set);
  };
  let valid = 0;
  for (const t of tickets) {
    if (t.status === 'valid' && !t.invalid) valid++;
    for (const s of t.scans) if (s.result === 'admitted') add(t.ticket_id, s.id);
  }
  for (const s of pending) if (s.result === 'admitted' && s.ticket_id !== null) add(s.ticket_id, s.id);
  let conflicts = 0;
  for (const set of admissions.values()) if (set.size > 1) conflicts++;
  return { admitted: admissions.size, conflicts, tickets: valid };
}

export type DoorTicketState = 'not_used' | 'used' | 'cancelled' | 'transferred' | 'invalid';

export interface DoorTicketView extends DoorTicketDoc {
  state: DoorTicketState;
  /** The admission that used it, from the server's scans or this device's pending ones. */
  used: { scan_id: string; device_id: string; scanned_at_ms: number } | null;
  /** More than one admission: the organiser should look. */
  conflict: boolean;
}

export function doorTicketView(t: DoorTicketDoc, pending: readonly KnownScan[]): DoorTicketView {
  const mine = pending.filter((s) => s.ticket_id === t.ticket_id);
  const all = [...t.scans.map((s) => ({ ...s, ticket_id: t.ticket_id })), ...mine];
  const first = firstAdmission(all);
  const admissions = new Set(all.filter((s) => s.result === 'admitted').map((s) => s.id));
  const state: DoorTicketState =
    t.status !== 'valid' ? (t.revoked === 'transferred' ? 'transferred' : 'cancelled') : t.invalid ? 'invalid' : first ? 'used' : 'not_used';
  return {
    ...t,
    state,
    used: first ? { scan_id: first.id, device_id: first.device_id, scanned_at_ms: first.scanned_at_ms } : null,
    conflict: admissions.size > 1,
  };
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * Search by holder name (any order of words, accents ignored) or by code (a part of it, or the
 * whole signed payload pasted in). Exact code matches first, then by name.
 */
export function searchDoorTickets<T extends Pick<DoorTicketDoc, 'holder_name' | 'code' | 'ticket_id'>>(tickets: readonly T[], query: string, limit = 20): T[] {
  const parsed = parseTicketPayload(query);
  if (parsed.kind === 'empty') return [];
  if (parsed.kind === 'signed') return tickets.filter((t) => t.ticket_id === parsed.ticketId).slice(0, limit);
  const needle = fold(parsed.code);
  const words = needle.split(/\s+/).filter(Boolean);
  const exact: T[] = [];
  const rest: T[] = [];
  for (const t of tickets) {
    const code = t.code.toLocaleLowerCase();
    if (code === needle) exact.push(t);
    else if (code.includes(needle) || (words.length > 0 && words.every((w) => fold(t.holder_name).includes(w)))) rest.push(t);
  }
  rest.sort((a, b) => a.holder_name.localeCompare(b.holder_name) || a.ticket_id - b.ticket_id);
  return [...exact, ...rest].slice(0, limit);
}

/**
 * Conflicts the device can see itself, from the scans the door tickets carry (the server flags
 * duplicates): a ticket admitted twice, or a transferred ticket admitted at all. The second is a door
 * that had not pulled the transfer yet and let the old code in; offline it could not know, and
 * the organiser must see it rather than lose it (the new holder may come too).
 */
export function localConflicts(tickets: readonly DoorTicketDoc[]): DoorConflict[] {
  const out: DoorConflict[] = [];
  for (const t of tickets) {
    const admitted = t.scans.filter((s) => s.result === 'admitted');
    const transferred = t.revoked === 'transferred';
    // The server flags an admission that came while the ticket was in on its list: a re-entry
    // after an exit, or entries on two lists, are no conflict.
    if (transferred ? admitted.length < 1 : !admitted.some((s) => s.duplicate_of)) continue;
    out.push({
      reason: transferred ? 'transferred' : 'duplicate',
      ticket_id: t.ticket_id,
      code: t.code,
      holder_name: t.holder_name,
      type: t.type,
      devices: [...new Set(admitted.map((s) => s.device_id))],
      scans: admitted.map((s) => ({
        id: s.id,
        device_id: s.device_id,
        scanned_at_ms: s.scanned_at_ms,
        received_at_ms: s.received_at_ms,
        duplicate_of: s.duplicate_of,
      })),
    });
  }
  // Every entry has an admitted scan or more, in the order the ticket holds them.
  const latest = (c: DoorConflict) => c.scans.at(-1)?.scanned_at_ms ?? 0;
  return out.sort((a, b) => latest(b) - latest(a));
}

export interface DoorData {
  tickets: DoorTicketDoc[];
  /** This device's scans of the event still in the outbox. */
  pending: OutboxScan[];
}

/** The event's door tickets and this device's scans still in the outbox, kept current. */
export function observeDoorData(db: FoyerDatabase, eventId: number): Observable<DoorData> {
  const tickets$ = db.door_tickets.find({ selector: { event_id: eventId } }).$.pipe(map((list) => list.map((d) => d.toJSON() as DoorTicketDoc)));
  const outbox$ = db.outbox.find({ selector: { kind: 'ticket.scan' } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));
  return combineLatest([tickets$, outbox$]).pipe(
    map(([tickets, entries]) => {
      const byCode = new Map(tickets.map((t) => [t.code, t.ticket_id]));
      return { tickets, pending: outboxScans(entries, eventId, (code) => byCode.get(code) ?? null) };
    }),
  );
}

// ---- every scan, for the organiser: sync/views/checkin/log.ts ----

export { SCAN_LOG_FILTERS, doorScanLog, filterScanLog, scanLogCounts, type ScanLogFilter, type ScanLogRow, type ScanVerdictKind } from './log.ts';
