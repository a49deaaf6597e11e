import type { AppointmentPlan, DialogPlan, EventPlan, UserPlan } from './plan.ts';
import { nth } from './lists.ts';
import type { Rng } from './random.ts';
import { HOUR_MS, MINUTE_MS, localDate } from './time.ts';
import { APPOINTMENT_COMMENTS, APPOINTMENT_PLACES, MESSAGES, REJECTIONS } from './vocabulary.ts';

export type AppointmentStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

/**
 * Where seeded appointments sit, so the seed never shows a double booking: nobody is in two
 * appointments in one slot and no table hosts two in one slot, whatever their status (stricter than the
 * rule for live requests, so any later constraint holds), and a pair has at most one open request
 * or agreed appointment per event.
 */
export class AppointmentBook {
  private readonly people = new Set<string>();
  private readonly tables = new Set<string>();
  private readonly pairs = new Set<string>();

  private static bucket(at: Date): number {
    return Math.floor(at.getTime() / (15 * MINUTE_MS));
  }

  tableFree(event: number, table: number, at: Date): boolean {
    return !this.tables.has(`${event}#${table}@${AppointmentBook.bucket(at)}`);
  }

  fits(event: number, a: AppointmentPlan): boolean {
    const [lo, hi] = a.from < a.to ? [a.from, a.to] : [a.to, a.from];
    const open = a.response === null || a.response === 1;
    if (open && this.pairs.has(`${event}:${lo}-${hi}`)) return false;
    if (a.starts_at) {
      const b = AppointmentBook.bucket(a.starts_at);
      if (this.people.has(`${a.from}@${b}`) || this.people.has(`${a.to}@${b}`)) return false;
      if (a.table_num !== null && !this.tableFree(event, a.table_num, a.starts_at)) return false;
    }
    return true;
  }

  add(event: number, a: AppointmentPlan): boolean {
    if (!this.fits(event, a)) return false;
    const [lo, hi] = a.from < a.to ? [a.from, a.to] : [a.to, a.from];
    if (a.response === null || a.response === 1) this.pairs.add(`${event}:${lo}-${hi}`);
    if (a.starts_at) {
      const b = AppointmentBook.bucket(a.starts_at);
      this.people.add(`${a.from}@${b}`);
      this.people.add(`${a.to}@${b}`);
      if (a.table_num !== null) this.tables.add(`${event}#${a.table_num}@${b}`);
    }
    return true;
  }
}

/** The 15-minute slots appointments may take, inside each day's opening hours. */
export function slotsOf(e: EventPlan): Date[] {
  const step = e.meeting.slot_minutes * MINUTE_MS;
  const out: Date[] = [];
  for (const d of e.days) for (let t = d.start.getTime(); t + step <= d.end.getTime(); t += step) out.push(new Date(t));
  return out;
}

export interface AppointmentSpec {
  from: number;
  to: number;
  /** null: "any time" request without a slot. */
  at: Date | null;
  status: AppointmentStatus;
  /** Who canceled; defaults to a random side. */
  canceledBy?: number;
  /** A table number, a place id from the settings, or nothing for online and any-time requests. */
  where?: { table: number } | { place: string };
}

/** Fills in times and texts for an appointment; request and answer times never lie in the future. */
export function makeAppointment(rng: Rng, e: EventPlan, now: Date, spec: AppointmentSpec): AppointmentPlan {
  const limit = Math.min(spec.at ? spec.at.getTime() : now.getTime(), now.getTime());
  const earliest = e.created_at.getTime() + 7 * 24 * HOUR_MS;
  const request = Math.max(earliest, limit - rng.int(60, 72 * 60) * MINUTE_MS);
  const answered = request + Math.floor((limit - request) * (0.2 + 0.7 * rng.next()));
  const where = spec.where;
  const response = spec.status === 'pending' ? null : spec.status === 'accepted' ? 1 : 3;
  return {
    from: spec.from,
    to: spec.to,
    date: spec.at ? localDate(spec.at, e.timezone) : nth(e.days, -1, 'event day').date,
    starts_at: spec.at,
    ends_at: spec.at ? new Date(spec.at.getTime() + e.meeting.slot_minutes * MINUTE_MS) : null,
    any_time: spec.at === null,
    comment: rng.pick(APPOINTMENT_COMMENTS),
    place: where && 'place' in where ? Number(where.place) : null,
    table_num: where && 'table' in where ? where.table : null,
    // 1 at a numbered table, 2 at one of the event's other places; online appointments have neither.
    where_type: where ? ('table' in where ? 1 : 2) : null,
    where_text: where ? ('table' in where ? `Table ${where.table}` : (APPOINTMENT_PLACES[where.place] ?? '')) : '',
    response,
    response_msg: spec.status === 'rejected' ? rng.pick(REJECTIONS) : spec.status === 'canceled' && rng.chance(0.5) ? 'Something came up, sorry!' : '',
    canceled_by: spec.status === 'canceled' ? (spec.canceledBy ?? (rng.chance(0.5) ? spec.from : spec.to)) : null,
    request_date: new Date(request),
    occurred_at: new Date(spec.status === 'pending' ? request : answered),
  };
}

/** Adds an appointment the demo promises; a conflict here is a bug in the script, so it throws. */
export function scripted(rng: Rng, book: AppointmentBook, eventIndex: number, e: EventPlan, now: Date, spec: AppointmentSpec): AppointmentPlan {
  const a = makeAppointment(rng, e, now, spec);
  if (!book.add(eventIndex, a)) throw new Error(`seed: scripted appointment ${spec.from}->${spec.to} in ${e.name} conflicts`);
  e.appointments.push(a);
  return a;
}

/** People who may book appointments: they hold a valid ticket and are checked in. */
export function eligible(e: EventPlan, exclude: Set<number>): number[] {
  const valid = new Set(e.tickets.filter((t) => t.status === 'valid' && !t.invalid).map((t) => t.user));
  return e.participants.filter((p) => p.checked_in && valid.has(p.user) && !exclude.has(p.user)).map((p) => p.user);
}

export function randomAppointments(rng: Rng, book: AppointmentBook, eventIndex: number, e: EventPlan, now: Date, people: number[], target: number): void {
  const slots = slotsOf(e);
  if (people.length < 2 || slots.length === 0) return;
  let added = 0;
  for (let attempt = 0; added < target && attempt < target * 30; attempt++) {
    const status = rng.weighted([
      ['pending', 25],
      ['accepted', 40],
      ['rejected', 17],
      ['canceled', 18],
    ] as const);
    const anyTime = status === 'pending' && rng.chance(0.15);
    const at = anyTime ? null : rng.pick(slots);
    const from = rng.pick(people);
    const to = rng.pick(people);
    if (from === to) continue;
    let where: AppointmentSpec['where'];
    if (at && !e.is_webinar) {
      const table = rng.int(1, e.meeting.tables_count);
      where = rng.chance(0.6) && book.tableFree(eventIndex, table, at) ? { table } : { place: rng.pick(Object.keys(e.meeting.places)) };
    }
    const a = makeAppointment(rng, e, now, { from, to, at, status, where });
    if (book.add(eventIndex, a)) {
      e.appointments.push(a);
      added++;
    }
  }
}

export function languageOf(users: UserPlan[], ...people: number[]): 'uk' | 'pl' | 'en' {
  const countries = new Set(people.map((p) => nth(users, p, 'user').country_code));
  if (countries.size === 1 && countries.has('UA')) return 'uk';
  if (countries.size === 1 && countries.has('PL')) return 'pl';
  return 'en';
}

/**
 * A conversation that follows an agreed appointment (private messages open only after one). The one
 * who asked for it writes first; `unread` leaves the last message unread by its recipient.
 */
export function dialog(rng: Rng, users: UserPlan[], a: AppointmentPlan, now: Date, opts: { count?: number; unread?: boolean } = {}): DialogPlan {
  const lang = languageOf(users, a.from, a.to);
  const count = opts.count ?? rng.int(2, 7);
  const unread = opts.unread ?? rng.chance(0.3);
  const messages: DialogPlan['messages'] = [];
  const start = a.occurred_at.getTime();
  // Spread over the time between the answer and now, so even an appointment agreed minutes ago gets
  // its whole conversation, in order and never dated in the future.
  const gap = (now.getTime() - start) / (count + 1);
  for (let i = 0; i < count; i++) {
    const sender = i % 2 === 0 ? a.from : a.to;
    const t = start + gap * (i + 0.5 + 0.5 * rng.next());
    messages.push({ sender, text: rng.pick(MESSAGES[lang]), created_at: new Date(Math.floor(t)), read_at: null });
  }
  messages.forEach((m, i) => {
    const last = i === messages.length - 1;
    if (unread && last) return;
    const next = messages[i + 1]?.created_at.getTime() ?? now.getTime();
    m.read_at = new Date(Math.min(m.created_at.getTime() + rng.int(1, 30) * MINUTE_MS, next, now.getTime()));
  });
  return {
    users: [a.from, a.to],
    messages,
    starred_by: [a.from, a.to].filter(() => rng.chance(0.1)),
    muted_by: [a.from, a.to].filter(() => rng.chance(0.05)),
  };
}
