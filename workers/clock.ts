import type { Observable, Subscription } from 'rxjs';
import { CLOCK_TICK_MS, MEETING_REMINDER_LEAD_MS, REMINDER_LEAD_MS } from '../contract/constants.ts';
import { holdsSlot, type AppointmentView } from '../sync/views/appointments/overlay.ts';
import { observeAppointmentViews, readSeen, writeSeen, type SeenDoc } from '../sync/views/appointments/store.ts';
import type { FoyerDatabase } from '../sync/engine/database.ts';
import { readServerClockOffset } from '../sync/engine/server-clock.ts';

/**
 * The notification clock of the sync worker (ARCHITECTURE.md "the notification clock runs in the
 * worker from local data"). Every second it looks at the user's accepted meetings on the device,
 * so it keeps working offline and while the page is in the background:
 *
 * - `reminder` 10 minutes before the start. Beyond the specs, which only warn 15 seconds ahead:
 *   at a venue that is too late to walk to a table.
 * - `verySoon` 15 seconds before the start (events.md §4, the dashboard's start button).
 * - `start` at the start: the page opens the call (the contact modal). Only during the first
 *   minute, so reloading the app in the middle of a meeting does not throw the call at the user
 *   again and again.
 *
 * It also tells the page what changed in the user's appointments since it last looked (events.md
 * §4 dashboard notifications): `invited`, `updated`, `approved`, `rejected`. What the user was told
 * about is remembered in a local document, so a change that synced while no tab was open is
 * announced on the next start, once. A device starts its record when the user first signs in on
 * it; appointments it first learns about whose last request is older than that (the history a
 * first sync brings) are recorded without a word.
 *
 * Every tab's worker runs its own clock (reading the database the leader fills), so each page gets
 * its own messages; the change notices go to whichever tab records them first. The page decides
 * how to show them (src/data/appointments.ts): in the dashboard, and as a system notification
 * through the service worker when it is hidden.
 */

/** The reminder ahead of an accepted meeting (contract/constants.ts, which the server's push reads too). */
export { MEETING_REMINDER_LEAD_MS };
/** How long after the start the call still opens by itself. */
export const CALL_OPEN_WINDOW_MS = 60 * 1000;
/**
 * Requests made this long before the device started its record still count as news: the record
 * is started on the server's clock as the device last measured it (to about a second), and a
 * request may have been on its way while the record started.
 */
export const SEEN_GRACE_MS = 60 * 1000;

export type AlertKind = 'reminder' | 'verySoon' | 'start';
export type ChangeKind = 'invited' | 'updated' | 'approved' | 'rejected';
export type ClockNoticeKind = AlertKind | ChangeKind;

export interface ClockNotice {
  /** Unique per notice: kind, meeting and the start it was about. */
  key: string;
  kind: ClockNoticeKind;
  meetingId: number;
  eventId: number;
  /** Unix seconds; 0 for an any-time request. */
  timeStart: number;
  timeEnd: number;
  date: string;
  timezone: string;
  isOnline: boolean;
  where: string;
  other: { user_id: number; first_name: string; last_name: string; avatar: string };
  /** The request's comment (invited, updated) or the reason (rejected). */
  message: string;
  /** Epoch milliseconds on the clock that raised it. */
  at: number;
}

function noticeOf(kind: ClockNoticeKind, v: AppointmentView, nowMs: number): ClockNotice {
  return {
    key: `${kind}:${v.meeting_id}:${v.time_start}:${v.request_date}`,
    kind,
    meetingId: v.meeting_id,
    eventId: v.event_id,
    timeStart: v.time_start,
    timeEnd: v.time_end,
    date: v.date,
    timezone: v.timezone,
    isOnline: v.is_online,
    where: v.where,
    other: { user_id: v.user_info.user_id, first_name: v.user_info.first_name, last_name: v.user_info.last_name, avatar: v.user_info.avatar },
    message: kind === 'rejected' ? v.response_msg : kind === 'invited' || kind === 'updated' ? v.comment : '',
    at: nowMs,
  };
}

/**
 * The alerts due now for accepted, timed meetings. `fired` holds the keys already raised and is
 * updated; a meeting moved to another time gets a new key and is announced again.
 */
export function dueAlerts(views: readonly AppointmentView[], nowMs: number, fired: Set<string>): ClockNotice[] {
  const out: ClockNotice[] = [];
  for (const v of views) {
    if (v.state !== 'accepted' || !holdsSlot(v) || !v.meeting_id) continue;
    const startMs = v.time_start * 1000;
    let kind: AlertKind | null = null;
    if (nowMs >= startMs && nowMs < startMs + CALL_OPEN_WINDOW_MS) kind = 'start';
    else if (nowMs >= startMs - REMINDER_LEAD_MS && nowMs < startMs) kind = 'verySoon';
    else if (nowMs >= startMs - MEETING_REMINDER_LEAD_MS && nowMs < startMs - REMINDER_LEAD_MS) kind = 'reminder';
    if (!kind) continue;
    const key = `${kind}:${v.meeting_id}:${v.time_start}`;
    if (fired.has(key)) continue;
    fired.add(key);
    out.push({ ...noticeOf(kind, v, nowMs), key });
  }
  return out;
}

/** What the change detection remembers of an appointment: a change of any of these is news. */
export function signature(v: AppointmentView): string {
  return `${v.state}|${v.from_user_id}|${v.request_date}|${v.time_start}|${v.canceled_by}`;
}

/**
 * The dashboard's notices for what changed since `seen`, from the other person's side only: a
 * request to the user (invited; updated when the appointment was known before), their approval of
 * the user's request, their rejection or cancellation. Appointments with the user's own command in
 * flight are left for later, so the user is never told about what they just did themselves.
 */
export function changeNotices(
  seen: Readonly<Record<string, string>>,
  views: readonly AppointmentView[],
  viewerId: number,
  nowMs: number,
  /** Epoch ms when the device started its record; older appointments it has not seen are history. */
  sinceMs = 0,
): { notices: ClockNotice[]; next: Record<string, string> } {
  const notices: ClockNotice[] = [];
  const next: Record<string, string> = {};
  for (const v of views) {
    if (!v.synced) continue;
    const prev = seen[v.id];
    if (v.pending) {
      if (prev !== undefined) next[v.id] = prev;
      continue;
    }
    const sig = signature(v);
    next[v.id] = sig;
    if (prev === sig) continue;
    if (prev === undefined && v.request_date * 1000 < sinceMs - SEEN_GRACE_MS) continue;
    const prevState = prev?.split('|')[0];
    let kind: ChangeKind | null = null;
    if (v.state === 'pending' && v.to_user_id === viewerId) kind = prev === undefined ? 'invited' : 'updated';
    else if (v.state === 'accepted' && v.from_user_id === viewerId && prevState !== 'accepted') kind = 'approved';
    else if (v.state === 'rejected' && v.from_user_id === viewerId && prevState !== 'rejected') kind = 'rejected';
    else if (v.state === 'canceled' && v.canceled_by !== viewerId && prevState !== 'canceled') kind = 'rejected';
    if (kind) notices.push(noticeOf(kind, v, nowMs));
  }
  return { notices, next };
}

export interface ClockSource {
  viewerId: number | null;
  views: AppointmentView[];
}

export interface ClockDeps {
  source: Observable<ClockSource>;
  readSeen(): Promise<SeenDoc | null>;
  writeSeen(doc: SeenDoc): Promise<unknown>;
  emit(notice: ClockNotice): void;
  now?(): number;
  tickMs?: number;
  /**
   * Server time minus device time (ms), or null while unknown. Request dates are the server's, so
   * the record's start is taken on the server's clock; a device set a day off would otherwise
   * announce a day of history, or never announce anything.
   */
  serverOffset?(): Promise<number | null>;
}

/** How often the clock re-reads the engine's measurement of the server's clock. */
const SERVER_OFFSET_REREAD_MS = 30_000;

export class NotificationClock {
  private readonly fired = new Set<string>();
  private latest: ClockSource = { viewerId: null, views: [] };
  private subs: Subscription[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private changes: Promise<void> = Promise.resolve();
  private offsetMs = 0;
  /** Server minus device time as last read; reminders wait for the first read (see meetingNow). */
  private serverOffsetMs: number | null = null;
  private serverOffsetReadAt = Number.NEGATIVE_INFINITY;
  private serverOffsetReading = false;

  constructor(private readonly deps: ClockDeps) {}

  /** Epoch milliseconds on this clock. */
  now(): number {
    return (this.deps.now ?? Date.now)() + this.offsetMs;
  }

  /**
   * For end-to-end tests only: the page runs under Playwright's fake clock, which does not reach
   * workers, and tells this clock what time it is there. Production pages never call it.
   */
  followPageTime(pageNowMs: number): void {
    this.offsetMs = pageNowMs - (this.deps.now ?? Date.now)();
    this.tick();
  }

  start(): void {
    if (this.timer) return;
    this.subs.push(
      this.deps.source.subscribe((s) => {
        if (s.viewerId !== this.latest.viewerId) this.fired.clear();
        this.latest = s;
        this.queueChanges();
      }),
    );
    this.timer = setInterval(() => this.tick(), this.deps.tickMs ?? CLOCK_TICK_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const s of this.subs.splice(0)) s.unsubscribe();
  }

  /**
   * The time meetings are reminded on. A meeting happens on the venue's real clock, so a phone set
   * ten minutes fast must not call its user ten minutes early; the engine's last measurement of the
   * server's clock corrects the device's. Before that measurement has been read once, null: no
   * reminder is better than a wrong one, and the read takes milliseconds. A device that has never
   * reached the server has only its own clock, and uses it.
   */
  private meetingNow(): number | null {
    if (!this.deps.serverOffset) return this.now();
    const due = (this.deps.now ?? Date.now)() - this.serverOffsetReadAt >= SERVER_OFFSET_REREAD_MS;
    if (due && !this.serverOffsetReading) {
      this.serverOffsetReading = true;
      this.deps
        .serverOffset()
        .catch((err: unknown) => {
          // Unreadable: the device's own clock, rather than no reminders at all.
          console.error('foyer clock: reading the server clock offset failed', err);
          return this.serverOffsetMs;
        })
        .then((offset) => {
          const first = this.serverOffsetMs === null;
          this.serverOffsetMs = offset ?? 0;
          this.serverOffsetReadAt = (this.deps.now ?? Date.now)();
          this.serverOffsetReading = false;
          if (first && this.timer) this.tick();
        });
    }
    return this.serverOffsetMs === null ? null : this.now() + this.serverOffsetMs;
  }

  tick(): void {
    if (this.latest.viewerId === null) return;
    const now = this.meetingNow();
    if (now === null) return;
    for (const notice of dueAlerts(this.latest.views, now, this.fired)) this.deps.emit(notice);
    // Keys of meetings long over are of no use any more.
    if (this.fired.size > 500) this.fired.clear();
  }

  private queueChanges() {
    this.changes = this.changes.then(() => this.detectChanges()).catch((err: unknown) => console.error('foyer clock: change detection failed', err));
  }

  private async detectChanges() {
    const { viewerId, views } = this.latest;
    if (viewerId === null) return;
    const stored = await this.deps.readSeen();
    // The first time this user is seen on this device, what it holds (and what the first sync
    // brings) is history, not news.
    let seen: SeenDoc;
    if (stored && stored.userId === viewerId) seen = stored;
    else {
      const offset = this.deps.serverOffset ? await this.deps.serverOffset() : 0;
      // Not heard from the server yet: nothing synced can be news, and the record waits for its time.
      if (offset === null) return;
      seen = { userId: viewerId, since: this.now() + offset, items: {} };
    }
    const { notices, next } = changeNotices(seen.items, views, viewerId, this.now(), seen.since);
    if (seen === stored && notices.length === 0 && sameRecord(seen.items, next)) return;
    await this.deps.writeSeen({ userId: viewerId, since: seen.since, items: next });
    for (const n of notices) this.deps.emit(n);
  }
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((k) => a[k] === b[k]);
}

/** The clock on the worker's database. */
export function startClock(db: FoyerDatabase, emit: (notice: ClockNotice) => void): NotificationClock {
  const clock = new NotificationClock({
    source: observeAppointmentViews(db),
    readSeen: () => readSeen(db),
    writeSeen: (doc) => writeSeen(db, doc),
    emit,
    serverOffset: () => readServerClockOffset(db),
  });
  clock.start();
  return clock;
}
