import { combineLatest, map, type Observable } from 'rxjs';
import {
  SCAN_CODE_MAX,
  firstAdmission,
  parseTicketPayload,
  validateScan,
  type KnownScan,
  type ScanVerdict,
} from '../contract/checkin.ts';
import { SCAN_RESULTS, type DoorTicketDoc, type ScanResult } from '../contract/tickets.ts';
import type { FoyerDatabase, OutboxDoc, OutboxStatus } from './database.ts';
import { modifyLocal, observeLocal, readLocal } from './local.ts';
import { enqueue } from './outbox.ts';

/**
 * The door device (offline check-in): the rules of contract/checkin.ts applied to what this device
 * holds. The event's tickets come from the `door_tickets` replication (requested per event through
 * sync/scoped.ts); the event's public key and this device's id are local documents; every scan,
 * admitted or refused, becomes a `ticket.scan` outbox entry whose id is the scan's id, so it is
 * uploaded exactly once.
 *
 * The door's own scans are read from the outbox until the server sends them back inside the door
 * tickets: an applied entry is removed only after a pull that started after the server's answer
 * (sync/engine.ts settle), so a scan is never missing from both places. That is what makes a ticket
 * admitted offline "already used" for the next scan on this device before anything is uploaded.
 *
 * Nothing here checks the session: the door screen is for signed-in owners and staff, and the
 * server refuses uploads from anybody else.
 */

export const LOCAL_DOOR_DEVICE = 'door_device';
export const localDoorId = (eventId: number) => `door:${eventId}`;

/** How many of this device's scans the door keeps on screen per event. */
export const DOOR_RECENT_KEEP = 30;

export interface DoorDeviceDoc {
  /** Sent with every scan; matches the command's device_id pattern. */
  id: string;
  created_at: number;
}

export type DoorRole = 'owner' | 'staff';

/** One admission the server counted more than once: the organiser's conflicts list. */
export interface DoorConflict {
  ticket_id: number;
  code: string;
  holder_name: string;
  type: string;
  devices: string[];
  scans: { id: string; device_id: string; scanned_at_ms: number; received_at_ms: number; duplicate_of: string }[];
}

/** A recorded scan that matches no ticket, as GET /api/checkin/scans?unmatched=1 lists it. */
export interface UnmatchedScan {
  id: string;
  code: string;
  device_id: string;
  scanned_at_ms: number;
  received_at_ms: number;
  result: ScanResult;
}

/** How many unmatched scans the door keeps (the newest): enough to spot someone trying codes. */
export const DOOR_UNMATCHED_KEEP = 100;

/** What this device scanned, as the door showed it. */
export interface RecentScan {
  id: string;
  scanned_at_ms: number;
  result: ScanResult;
  code: string;
  ticket_id: number | null;
  holder_name: string;
  type: string;
  unlisted: boolean;
  used_by: ScanVerdict['usedBy'];
}

export interface DoorEventDoc {
  event_id: number;
  /** The event's Ed25519 public key (base64url); null until this device downloaded it. */
  public_key: string | null;
  key_fetched_at: number | null;
  role: DoorRole | null;
  /** The server said this user may not check this event's tickets; cleared by a later yes. */
  forbidden_at: number | null;
  /** The server's last conflicts answer. */
  conflicts: DoorConflict[] | null;
  conflicts_fetched_at: number | null;
  /** Newest first. */
  recent: RecentScan[];
  /**
   * The server's latest scans that match no ticket (unknown, forged or another event's codes) from
   * any device: the door tickets carry every other scan, these have no ticket to travel in.
   */
  unmatched: UnmatchedScan[] | null;
  unmatched_fetched_at: number | null;
}

export function emptyDoorEvent(eventId: number): DoorEventDoc {
  return {
    event_id: eventId, public_key: null, key_fetched_at: null, role: null, forbidden_at: null, conflicts: null, conflicts_fetched_at: null, recent: [],
    unmatched: null, unmatched_fetched_at: null,
  };
}

// ---- the device id ----

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A short id a person can read out ("door-K7mP2q…"), from 10 random characters (~58 bits). */
export function newDeviceId(random: Uint8Array = crypto.getRandomValues(new Uint8Array(10))): string {
  let out = 'door-';
  for (const b of random) out += ID_ALPHABET[b % ID_ALPHABET.length];
  return out;
}

/**
 * This device's id, made once and kept in a local document. Signing out wipes the database and so
 * the id: the next user's scans come from a new device as far as the records go.
 */
export async function ensureDeviceId(db: FoyerDatabase): Promise<string> {
  const doc = await modifyLocal<DoorDeviceDoc>(db, LOCAL_DOOR_DEVICE, { id: newDeviceId(), created_at: Date.now() }, (d) => d);
  return doc.id;
}

export function observeDeviceId(db: FoyerDatabase): Observable<string | null> {
  return observeLocal<DoorDeviceDoc>(db, LOCAL_DOOR_DEVICE).pipe(map((d) => d?.id ?? null));
}

// ---- the event's door document ----

export function modifyDoorEvent(db: FoyerDatabase, eventId: number, fn: (d: DoorEventDoc) => DoorEventDoc): Promise<DoorEventDoc> {
  return modifyLocal<DoorEventDoc>(db, localDoorId(eventId), emptyDoorEvent(eventId), (d) => fn({ ...emptyDoorEvent(eventId), ...d }));
}

export async function readDoorEvent(db: FoyerDatabase, eventId: number): Promise<DoorEventDoc> {
  return { ...emptyDoorEvent(eventId), ...((await readLocal<DoorEventDoc>(db, localDoorId(eventId))) ?? {}) };
}

export function observeDoorEvent(db: FoyerDatabase, eventId: number): Observable<DoorEventDoc> {
  return observeLocal<DoorEventDoc>(db, localDoorId(eventId)).pipe(map((d) => ({ ...emptyDoorEvent(eventId), ...(d ?? {}) })));
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** Reads GET /api/checkin/key's data. */
export function toDoorKey(data: unknown): { public_key: string; role: DoorRole } {
  const d = obj(data);
  const key = str(d.public_key);
  if (!key) throw new Error('the key answer carries no public key');
  return { public_key: key, role: d.role === 'owner' ? 'owner' : 'staff' };
}

/** Reads GET /api/checkin/conflicts's data. */
export function toDoorConflicts(data: unknown): DoorConflict[] {
  const items = obj(data).items;
  if (!Array.isArray(items)) return [];
  return items.map((raw) => {
    const c = obj(raw);
    return {
      ticket_id: num(c.ticket_id),
      code: str(c.code),
      holder_name: str(c.holder_name),
      type: str(c.type),
      devices: Array.isArray(c.devices) ? c.devices.map(str) : [],
      scans: (Array.isArray(c.scans) ? c.scans : []).map((s) => {
        const o = obj(s);
        return { id: str(o.id), device_id: str(o.device_id), scanned_at_ms: num(o.scanned_at_ms), received_at_ms: num(o.received_at_ms), duplicate_of: str(o.duplicate_of) };
      }),
    };
  });
}

/** Reads GET /api/checkin/scans's data, keeping the scans that match no ticket. */
export function toUnmatchedScans(data: unknown): UnmatchedScan[] {
  const items = obj(data).items;
  if (!Array.isArray(items)) return [];
  const out: UnmatchedScan[] = [];
  for (const raw of items) {
    const s = obj(raw);
    if (s.ticket_id !== null && s.ticket_id !== undefined) continue;
    const result = s.result;
    if (!isScanResult(result) || !str(s.id)) continue;
    out.push({ id: str(s.id), code: str(s.code), device_id: str(s.device_id), scanned_at_ms: num(s.scanned_at_ms), received_at_ms: num(s.received_at_ms), result });
  }
  return out.slice(0, DOOR_UNMATCHED_KEEP);
}

export async function storeUnmatchedScans(db: FoyerDatabase, eventId: number, scans: UnmatchedScan[], at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, unmatched: scans, unmatched_fetched_at: at }));
}

export async function storeDoorKey(db: FoyerDatabase, eventId: number, key: { public_key: string; role: DoorRole }, at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, public_key: key.public_key, role: key.role, key_fetched_at: at, forbidden_at: null }));
}

export async function markDoorForbidden(db: FoyerDatabase, eventId: number, at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, forbidden_at: at }));
}

export async function storeDoorConflicts(db: FoyerDatabase, eventId: number, conflicts: DoorConflict[], at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, conflicts, conflicts_fetched_at: at }));
}

// ---- the door's own scans, from the outbox ----

/** A `ticket.scan` outbox entry of one event, read as a scan. */
export interface OutboxScan extends KnownScan {
  code: string;
  status: OutboxStatus;
}

function isScanResult(v: unknown): v is ScanResult {
  return typeof v === 'string' && (SCAN_RESULTS as readonly string[]).includes(v);
}

/**
 * The event's scans still in the outbox, whatever their status: a scan the server refused to
 * record (the user lost door access, say) still let a person in at this door, so it still uses
 * the ticket here. `ticketIdOf` names the ticket of a plain code the device knows.
 */
export function outboxScans(entries: readonly Pick<OutboxDoc, 'id' | 'kind' | 'payload' | 'status'>[], eventId: number, ticketIdOf: (code: string) => number | null): OutboxScan[] {
  const out: OutboxScan[] = [];
  for (const e of entries) {
    if (e.kind !== 'ticket.scan' || e.payload.event_id !== eventId) continue;
    const code = str(e.payload.code);
    const at = Date.parse(str(e.payload.scanned_at));
    const parsed = parseTicketPayload(code);
    const ticketId = parsed.kind === 'signed' ? (parsed.eventId === eventId ? parsed.ticketId : null) : parsed.kind === 'plain' ? ticketIdOf(parsed.code) : null;
    out.push({
      id: e.id,
      ticket_id: ticketId,
      device_id: str(e.payload.device_id),
      scanned_at_ms: Number.isNaN(at) ? 0 : at,
      // A door always says what it decided; an entry without it is judged by the server alone.
      result: isScanResult(e.payload.result) ? e.payload.result : 'unknown',
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
  now?: Date;
}

export interface DoorScanOutcome {
  verdict: ScanVerdict;
  /** The scan's id (its ticket.scan command id); null for an empty scan, which is not recorded. */
  scanId: string | null;
  scannedAtMs: number;
}

async function findDoorTicket(db: FoyerDatabase, eventId: number, q: { ticketId: number } | { code: string }): Promise<DoorTicketDoc | null> {
  if ('ticketId' in q) return ((await db.door_tickets.findOne(String(q.ticketId)).exec())?.toJSON() as DoorTicketDoc | undefined) ?? null;
  const own = await db.door_tickets.findOne({ selector: { event_id: eventId, code: q.code } }).exec();
  if (own) return own.toJSON() as DoorTicketDoc;
  // Another event checked on this device: the rules then say wrong_event rather than unknown.
  return ((await db.door_tickets.findOne({ selector: { code: q.code } }).exec())?.toJSON() as DoorTicketDoc | undefined) ?? null;
}

const queues = new WeakMap<FoyerDatabase, Promise<unknown>>();

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
  const scans = await pendingScansOf(db, input.eventId);
  const verdict = await validateScan({
    raw: text,
    eventId: input.eventId,
    publicKey: input.publicKey,
    lookup: (q) => findDoorTicket(db, input.eventId, q),
    scans,
  });
  if (!text) return { verdict, scanId: null, scannedAtMs: now.getTime() };
  const entry = await enqueue(
    db,
    'ticket.scan',
    {
      // Longer than any ticket: refused as unknown either way, and the command accepts 512 at most.
      code: text.slice(0, SCAN_CODE_MAX),
      device_id: input.deviceId,
      scanned_at: now.toISOString(),
      event_id: input.eventId,
      result: verdict.result,
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
  return { verdict, scanId: entry.id, scannedAtMs: now.getTime() };
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

export type DoorTicketState = 'not_used' | 'used' | 'cancelled' | 'invalid';

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
  const state: DoorTicketState = t.status !== 'valid' ? 'cancelled' : t.invalid ? 'invalid' : first ? 'used' : 'not_used';
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

/** Conflicts the device can see itself, from the scans the door tickets carry (the server flags duplicates). */
export function localConflicts(tickets: readonly DoorTicketDoc[]): DoorConflict[] {
  const out: DoorConflict[] = [];
  for (const t of tickets) {
    const admitted = t.scans.filter((s) => s.result === 'admitted');
    if (admitted.length < 2) continue;
    out.push({
      ticket_id: t.ticket_id,
      code: t.code,
      holder_name: t.holder_name,
      type: t.type,
      devices: [...new Set(admitted.map((s) => s.device_id))],
      scans: admitted.map((s) => ({ id: s.id, device_id: s.device_id, scanned_at_ms: s.scanned_at_ms, received_at_ms: s.received_at_ms, duplicate_of: s.duplicate_of })),
    });
  }
  return out.sort((a, b) => b.scans.at(-1)!.scanned_at_ms - a.scans.at(-1)!.scanned_at_ms);
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

// ---- every scan, for the organiser ----

export type ScanVerdictKind = 'admitted' | 'refused' | 'duplicate';
export const SCAN_LOG_FILTERS = ['all', 'admitted', 'refused', 'duplicate'] as const;
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
        id: s.id, ticket_id: t.ticket_id, code: t.code, holder_name: t.holder_name, type: t.type, device_id: s.device_id,
        scanned_at_ms: s.scanned_at_ms, received_at_ms: s.received_at_ms, result: s.result,
        verdict: s.result !== 'admitted' ? 'refused' : s.duplicate_of ? 'duplicate' : 'admitted', upload: null,
      });
    }
  }
  for (const s of pending) {
    if (rows.has(s.id)) continue;
    const t = s.ticket_id !== null ? byId.get(s.ticket_id) : undefined;
    let verdict: ScanVerdictKind = s.result === 'admitted' ? 'admitted' : 'refused';
    if (verdict === 'admitted' && s.ticket_id !== null) {
      const known = [...(t?.scans ?? []), ...pending.filter((p) => p.ticket_id === s.ticket_id)];
      if (firstAdmission(known)?.id !== s.id) verdict = 'duplicate';
    }
    rows.set(s.id, {
      id: s.id, ticket_id: s.ticket_id, code: t?.code ?? ticketCodeOfRaw(s.code), holder_name: t?.holder_name ?? '', type: t?.type ?? '',
      device_id: s.device_id, scanned_at_ms: s.scanned_at_ms, received_at_ms: null, result: s.result, verdict, upload: s.status,
    });
  }
  for (const s of unmatched) {
    if (rows.has(s.id)) continue;
    rows.set(s.id, {
      id: s.id, ticket_id: null, code: s.code, holder_name: '', type: '', device_id: s.device_id, scanned_at_ms: s.scanned_at_ms,
      received_at_ms: s.received_at_ms, result: s.result, verdict: s.result === 'admitted' ? 'admitted' : 'refused', upload: null,
    });
  }
  // This device's latest scans that are in none of the above: out of the outbox (so the server has
  // them) but not yet back, a scan of no ticket until the next unmatched answer. Without them such
  // a scan would drop out of the list for a moment.
  if (own.deviceId) {
    for (const r of own.recent) {
      if (rows.has(r.id)) continue;
      rows.set(r.id, {
        id: r.id, ticket_id: r.ticket_id, code: r.code, holder_name: r.holder_name, type: r.type, device_id: own.deviceId,
        scanned_at_ms: r.scanned_at_ms, received_at_ms: null, result: r.result,
        verdict: r.result === 'admitted' ? 'admitted' : 'refused', upload: 'applied',
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
  const counts = { all: rows.length, admitted: 0, refused: 0, duplicate: 0 };
  for (const r of rows) counts[r.verdict]++;
  return counts;
}
