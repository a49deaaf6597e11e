import { proxy, type Remote } from 'comlink';
import { APPOINTMENT_DEFAULT_SLOT_MINUTES, meetingEnd } from '../../../contract/appointments.ts';
import { NOTIFICATION_DURATION_MS } from '../../../contract/constants.ts';
import type { ClockNotice } from '../../../workers/clock.ts';
import type { SyncWorkerApi } from '../../../workers/api.ts';
import type { AppointmentNotice } from '../api.ts';
import { ValueStore } from '../value-store.ts';

/** A meeting's planned length (networking.md §9): after it, its start is no longer worth acting on. */
const START_NOTICE_TTL_MS = APPOINTMENT_DEFAULT_SLOT_MINUTES * 60_000;

const isReminder = (kind: ClockNotice['kind']) => kind === 'reminder' || kind === 'verySoon';

/** Playwright's fake clock marks the page's global; production pages never carry it. */
interface FakeClockGlobal {
  __pwClock?: { builtins?: { setInterval?: typeof setInterval; clearInterval?: typeof clearInterval } };
}

/**
 * The meeting clock's notices on the page (workers/clock.ts raises them), outside React: each shown
 * until dismissed or until it stops being worth acting on. The appointments' reads are plain live
 * reads (hooks.ts useDevice).
 */
export class AppointmentNotices {
  readonly notices = new ValueStore<AppointmentNotice[]>([]);
  private readonly expiry = new Map<string, ReturnType<typeof setTimeout>>();

  notify(clock: ClockNotice): void {
    if (this.notices.get().some((n) => n.key === clock.key)) return;
    const reminder = isReminder(clock.kind);
    const notice: AppointmentNotice = { ...clock, skewMs: reminder ? clock.at - Date.now() : 0 };
    // One reminder per meeting: "very soon" takes the place of the ten-minute one.
    const replaced = reminder ? this.notices.get().filter((n) => isReminder(n.kind) && n.meetingId === clock.meetingId) : [];
    for (const n of replaced) this.clearExpiry(n.key);
    this.notices.set([...this.notices.get().filter((n) => !replaced.includes(n)), notice]);
    // events.md §9: notifications stay 50 s. A reminder stays until the meeting is over and then
    // 50 s more, its words following the clock (Dashboard); the user may dismiss it any time. The
    // call's start waits for a hidden page to come back, but not past the planned length of the
    // meeting: opening a call long over would only confuse.
    const ttl = reminder
      ? meetingEnd(clock.timeStart, clock.timeEnd) * 1000 - clock.at + NOTIFICATION_DURATION_MS
      : clock.kind === 'start'
        ? START_NOTICE_TTL_MS
        : NOTIFICATION_DURATION_MS;
    this.expiry.set(
      notice.key,
      setTimeout(() => this.dismiss(notice.key), Math.max(0, ttl)),
    );
  }

  dismiss(key: string): void {
    this.clearExpiry(key);
    const next = this.notices.get().filter((n) => n.key !== key);
    if (next.length !== this.notices.get().length) this.notices.set(next);
  }

  private clearExpiry(key: string): void {
    const timer = this.expiry.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.expiry.delete(key);
  }

  /** Subscribes to the worker's clock; the returned function unsubscribes. */
  async attach(api: Remote<SyncWorkerApi>): Promise<() => Promise<void>> {
    const id = await api.subscribeClock(proxy((notice: ClockNotice) => this.notify(notice)));
    // Under Playwright's fake clock only the page's time is faked; the worker follows it, on a
    // real timer (the fake ones may be paused).
    const fake = (globalThis as FakeClockGlobal).__pwClock?.builtins;
    let timer: ReturnType<typeof setInterval> | null = null;
    if (fake?.setInterval) timer = fake.setInterval(() => void api.followPageTime(Date.now()), 250);
    return async () => {
      if (timer !== null) (fake?.clearInterval ?? clearInterval)(timer);
      await api.unsubscribeClock(id);
    };
  }
}
