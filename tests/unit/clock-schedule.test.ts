import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { AppointmentDoc } from '../../contract/appointments.ts';
import { overlayAppointments, type AppointmentCommand, type AppointmentView } from '../../sync/views/appointments/overlay.ts';
import type { SeenDoc } from '../../sync/views/appointments/store.ts';
import { CALL_OPEN_WINDOW_MS, MEETING_REMINDER_LEAD_MS, NotificationClock, changeNotices, type ClockNotice, type ClockSource } from '../../workers/clock.ts';

/**
 * The worker's notification clock on fake timers: a reminder 10 minutes before an accepted
 * meeting, "very soon" 15 seconds before, the call at the start; and the dashboard's notices of
 * what the other person did, each once.
 */

const ME = 1;
const ANNA = 2;
const START_MS = Date.parse('2030-07-01T10:00:00Z');
const START = START_MS / 1000;

function doc(over: Partial<AppointmentDoc> = {}): AppointmentDoc {
  const id = over.meeting_id ?? 1;
  return {
    id: String(id),
    meeting_id: id,
    event_id: 3,
    from_user_id: ME,
    to_user_id: ANNA,
    user_id: ANNA,
    other_user_id: ANNA,
    date: '2030-07-01',
    time_start: START,
    time_end: START + 900,
    any_time: false,
    comment: 'hi',
    place: 0,
    table_num: 1,
    where_type: 1,
    where: 'Table 1',
    timezone: 'Europe/Kyiv',
    is_online: true,
    state: 'accepted',
    response_msg: '',
    canceled_by: 0,
    request_date: START - 86_400,
    video_link: '',
    user_info: { user_id: ANNA, first_name: 'Anna', last_name: 'K', avatar: '', position: '', company: '', phone: '' },
    rev: 1,
    ...over,
  };
}

const views = (docs: AppointmentDoc[], commands: AppointmentCommand[] = []): AppointmentView[] => overlayAppointments({ docs, commands, viewerId: ME });

/** By default the device has already seen the appointments it starts with. */
function harness(
  initial: ClockSource,
  seen: SeenDoc | null = { userId: ME, since: 0, items: changeNotices({}, initial.views, ME, 0).next },
  serverOffset?: () => Promise<number | null>,
) {
  const source = new BehaviorSubject<ClockSource>(initial);
  const emitted: ClockNotice[] = [];
  const store = { seen };
  const clock = new NotificationClock({
    source,
    readSeen: async () => store.seen,
    writeSeen: async (doc) => {
      store.seen = doc;
    },
    emit: (n) => emitted.push(n),
    ...(serverOffset ? { serverOffset } : {}),
  });
  return { clock, source, emitted, store, kinds: () => emitted.map((n) => n.kind) };
}

describe('NotificationClock schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START_MS - 15 * 60_000);
  });
  afterEach(() => vi.useRealTimers());

  it('reminds at −10 min, says "very soon" at −15 s and opens the call at the start, once each', async () => {
    const h = harness({ viewerId: ME, views: views([doc()]) });
    h.clock.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1000);
    expect(h.kinds()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.kinds()).toEqual(['reminder']);
    expect(Date.now()).toBe(START_MS - MEETING_REMINDER_LEAD_MS);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 16_000);
    expect(h.kinds()).toEqual(['reminder']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.kinds()).toEqual(['reminder', 'verySoon']);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(h.kinds()).toEqual(['reminder', 'verySoon']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.kinds()).toEqual(['reminder', 'verySoon', 'start']);
    expect(h.emitted[2]).toMatchObject({ meetingId: 1, isOnline: true, other: { first_name: 'Anna' } });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(h.kinds()).toHaveLength(3);
    h.clock.stop();
  });

  it('only accepted, timed meetings: pending requests and canceled meetings stay silent', async () => {
    const h = harness({
      viewerId: ME,
      views: views([
        doc({ state: 'pending' }),
        doc({ meeting_id: 2, state: 'canceled', canceled_by: ANNA }),
        doc({ meeting_id: 3, time_start: 0, time_end: 0, any_time: true }),
      ]),
    });
    h.clock.start();
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(h.kinds()).toEqual([]);
    h.clock.stop();
  });

  it('an approval queued offline arms the reminders; a cancel queued offline disarms them', async () => {
    const approve: AppointmentCommand = { id: 'a', kind: 'appointment.approve', seq: 1, status: 'pending', occurredAt: '', payload: { meeting_id: 1 } };
    const incoming = doc({ state: 'pending', from_user_id: ANNA, to_user_id: ME });
    const h = harness({ viewerId: ME, views: views([incoming], [approve]) });
    h.clock.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(h.kinds()).toEqual(['reminder']);
    const cancel: AppointmentCommand = {
      id: 'b',
      kind: 'appointment.reject',
      seq: 2,
      status: 'pending',
      occurredAt: '',
      payload: { meeting_id: 1, reason: '' },
    };
    h.source.next({ viewerId: ME, views: views([incoming], [approve, cancel]) });
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    expect(h.kinds()).toEqual(['reminder']);
    h.clock.stop();
  });

  it('a meeting moved to a new time is announced again; a late start opens the call only within the first minute', async () => {
    const h = harness({ viewerId: ME, views: views([doc()]) });
    h.clock.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(h.kinds()).toEqual(['reminder']);
    h.source.next({ viewerId: ME, views: views([doc({ time_start: START + 300, time_end: START + 1200 })]) });
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1000);
    expect(h.kinds()).toEqual(['reminder']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.kinds()).toEqual(['reminder', 'reminder']);
    h.clock.stop();

    vi.setSystemTime(START_MS + CALL_OPEN_WINDOW_MS + 1000);
    const late = harness({ viewerId: ME, views: views([doc()]) });
    late.clock.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(late.kinds()).toEqual([]);
    late.clock.stop();
  });

  it("follows the page's time when told (the end-to-end tests' fake clock)", async () => {
    vi.setSystemTime(START_MS - 60 * 60_000);
    const h = harness({ viewerId: ME, views: views([doc()]) });
    h.clock.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.kinds()).toEqual([]);
    h.clock.followPageTime(START_MS - 5000);
    expect(h.kinds()).toEqual(['verySoon']);
    h.clock.stop();
  });

  it("reminds on the server's clock when the device runs fast or a day behind", async () => {
    // Real time is 15 min before the meeting. One phone is 12 min fast, another a day behind.
    const real = START_MS - 15 * 60_000;
    const fast = 12 * 60_000;
    vi.setSystemTime(real + fast);
    let measured: number | null = -fast;
    const ahead = harness({ viewerId: ME, views: views([doc()]) }, undefined, async () => measured);
    ahead.clock.start();
    // By its own clock the reminder would be due at once; by the server's it is 5 minutes away.
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1000);
    expect(ahead.kinds()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ahead.kinds()).toEqual(['reminder']);
    ahead.clock.stop();

    vi.setSystemTime(real - 86_400_000);
    measured = 86_400_000;
    const behind = harness({ viewerId: ME, views: views([doc()]) }, undefined, async () => measured);
    behind.clock.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(behind.kinds()).toEqual(['reminder']);
    behind.clock.stop();
  });

  it('uses the device clock when the server was never reached, and holds no reminder back for it', async () => {
    vi.setSystemTime(START_MS - 10 * 60_000);
    const h = harness({ viewerId: ME, views: views([doc()]) }, undefined, async () => null);
    h.clock.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.kinds()).toEqual(['reminder']);
    h.clock.stop();
  });
});

describe('dashboard notices of changes', () => {
  const pending = (over: Partial<AppointmentDoc> = {}) => doc({ state: 'pending', from_user_id: ANNA, to_user_id: ME, ...over });

  it('invited for a new request to me, updated when it changes, approved and rejected from the other side', () => {
    let seen: Record<string, string> = {};
    const step = (docs: AppointmentDoc[], commands: AppointmentCommand[] = []) => {
      const out = changeNotices(seen, views(docs, commands), ME, START_MS);
      seen = out.next;
      return out.notices.map((n) => `${n.kind}:${n.meetingId}`);
    };
    expect(step([pending(), doc({ meeting_id: 2, state: 'pending' })])).toEqual(['invited:1']);
    expect(step([pending(), doc({ meeting_id: 2, state: 'pending' })])).toEqual([]);
    expect(step([pending({ time_start: START + 900, request_date: START - 100 }), doc({ meeting_id: 2, state: 'accepted' })]).sort()).toEqual([
      'approved:2',
      'updated:1',
    ]);
    expect(
      step([
        pending({ time_start: START + 900, request_date: START - 100 }),
        doc({ meeting_id: 2, state: 'canceled', canceled_by: ANNA, response_msg: 'sick' }),
      ]),
    ).toEqual(['rejected:2']);
  });

  it('never tells the user about their own actions, queued or applied', () => {
    let seen = changeNotices({}, views([pending()]), ME, START_MS).next;
    const approve: AppointmentCommand = { id: 'a', kind: 'appointment.approve', seq: 1, status: 'pending', occurredAt: '', payload: { meeting_id: 1 } };
    const queued = changeNotices(seen, views([pending()], [approve]), ME, START_MS);
    expect(queued.notices).toEqual([]);
    seen = queued.next;
    // The server applied it and the pull brought it back: accepted, requested by Anna.
    expect(changeNotices(seen, views([pending({ state: 'accepted' })]), ME, START_MS).notices).toEqual([]);
    // My own cancellation of my own request.
    const mine = doc({ state: 'canceled', canceled_by: ME });
    expect(changeNotices({ '1': 'accepted|1|0|0|0' }, views([mine]), ME, START_MS).notices).toEqual([]);
  });

  it('a device where the user signs in for the first time takes the history a first sync brings as known', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(START_MS - 86_400_000);
    try {
      const h = harness({ viewerId: ME, views: [] }, null);
      h.clock.start();
      await vi.advanceTimersByTimeAsync(10);
      expect(h.store.seen).toMatchObject({ userId: ME, since: START_MS - 86_400_000, items: {} });
      // The first pull: a request made days ago and an old approval of the user's own request.
      const history = [pending({ request_date: (START_MS - 3 * 86_400_000) / 1000 }), doc({ meeting_id: 2, request_date: (START_MS - 2 * 86_400_000) / 1000 })];
      h.source.next({ viewerId: ME, views: views(history) });
      await vi.advanceTimersByTimeAsync(10);
      expect(h.kinds()).toEqual([]);
      expect(Object.keys(h.store.seen!.items).sort()).toEqual(['1', '2']);
      // Then a new request arrives, and the old one is changed by its sender: both are news.
      const fresh = pending({ meeting_id: 9, request_date: (START_MS - 86_400_000 + 5000) / 1000 });
      const edited = pending({ time_start: START + 900, request_date: (START_MS - 86_400_000 + 6000) / 1000 });
      h.source.next({ viewerId: ME, views: views([edited, history[1]!, fresh]) });
      await vi.advanceTimersByTimeAsync(10);
      expect(h.kinds().sort()).toEqual(['invited', 'updated']);
      h.clock.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
