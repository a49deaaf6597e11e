import { describe, expect, it } from 'vitest';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import type { EventView } from '../../sync/store/overlay.ts';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import type { AppointmentView } from '../../sync/views/appointments/overlay.ts';
import { agenda, buildCalendar, EMPTY_CALENDAR, itemsOn, weekOf } from '../../sync/views/calendar/calendar.ts';
import { feedState, feedUrls, newFeedToken } from '../../sync/views/calendar/feed.ts';
import { overlayStars } from '../../sync/views/calendar/stars.ts';
import { feedKey, tokenHash } from '../../server/domain/calendar/service.ts';

/** The calendar's pure parts: stars with queued commands, the items of the page, its feed address state. */

const cmd = (seq: number, payload: Record<string, unknown>, status: OutboxDoc['status'] = 'pending') =>
  ({ id: `c${seq}`, seq, payload, status }) as Pick<OutboxDoc, 'id' | 'seq' | 'payload' | 'status'>;

describe('overlayStars', () => {
  it('lays queued stars over the server’s, in outbox order, and marks them pending', () => {
    const stars = overlayStars(
      [{ event_id: 5, starred: [1, 2] }],
      [
        cmd(2, { event_id: 5, speech_id: 3, starred: true }),
        cmd(1, { event_id: 5, speech_id: 1, starred: false }),
        cmd(3, { event_id: 5, speech_id: 2, starred: false }, 'rejected'),
      ],
    );
    expect([...stars.get(5)!.starred].sort()).toEqual([2, 3]);
    expect([...stars.get(5)!.pending].sort()).toEqual([1, 3]);
  });
});

const TZ = 'Europe/Kyiv';
const T = 1_900_000_000; // 2030-03-17 in Kyiv

function event(over: Partial<EventView>): EventView {
  return {
    event_id: 5,
    name: 'Foyer Conf',
    when: T,
    when_end: T + 2 * 86_400,
    timezone: TZ,
    is_webinar: false,
    status: 'published',
    place: { public: true, name: 'Hall', address: 'Main st 1' },
    has_ticket: true,
    checked_in: false,
    is_owner: false,
    ...over,
  } as EventView;
}

function meeting(over: Partial<AppointmentView>): AppointmentView {
  return {
    id: '10',
    meeting_id: 10,
    event_id: 5,
    date: '2030-03-18',
    time_start: T + 86_400,
    time_end: T + 86_400 + 900,
    timezone: TZ,
    is_online: false,
    where: 'Table 2',
    state: 'accepted',
    pending: false,
    user_info: { user_id: 2, first_name: 'Anna', last_name: 'K', avatar: '', position: '', company: '', phone: '' },
    ...over,
  } as AppointmentView;
}

const speech = (id: number, over: Partial<ScheduleDoc> = {}): ScheduleDoc =>
  ({
    id: String(id),
    speech_id: id,
    event_id: 5,
    day_date: '2030-03-17',
    starts_at: T + 3600,
    ends_at: T + 5400,
    timezone: TZ,
    title: `Talk ${id}`,
    track_title: 'Main',
    ...over,
  }) as ScheduleDoc;

describe('buildCalendar', () => {
  it('lists meetings, the events the user takes part in and starred speeches, each on its event’s days', () => {
    const items = buildCalendar({
      signedIn: true,
      events: [event({}), event({ event_id: 6, has_ticket: false, name: 'Not mine' })],
      appointments: [
        meeting({}),
        meeting({ id: '11', meeting_id: 11, state: 'rejected' }),
        meeting({ id: '12', meeting_id: 12, state: 'pending', time_start: 0, time_end: 0 }),
      ],
      stars: overlayStars([{ event_id: 5, starred: [1] }], []),
      speeches: [speech(1), speech(2)],
    });
    expect(items.map((i) => [i.key, i.firstDay, i.lastDay, i.status])).toEqual([
      ['event:5', '2030-03-17', '2030-03-19', 'confirmed'],
      ['speech:1', '2030-03-17', '2030-03-17', 'confirmed'],
      ['meeting:12', '2030-03-18', '2030-03-18', 'tentative'],
      ['meeting:10', '2030-03-18', '2030-03-18', 'confirmed'],
    ]);
    expect(items.find((i) => i.key === 'meeting:10')).toMatchObject({ title: 'Anna K', eventName: 'Foyer Conf', location: 'Table 2', timezone: TZ });
    // The day view: the event that spans the day first, then by time; the any-time meeting has no time.
    expect(itemsOn(items, '2030-03-18').map((i) => i.key)).toEqual(['event:5', 'meeting:12', 'meeting:10']);
    expect(agenda(items, '2030-03-18').map((d) => [d.day, d.items.length])).toEqual([
      ['2030-03-18', 3],
      ['2030-03-19', 1],
    ]);
    expect(buildCalendar({ ...EMPTY_CALENDAR, events: [event({})] })).toEqual([]);
  });

  it('keeps a cancelled event, marked, and leaves drafts out', () => {
    const items = buildCalendar({
      ...EMPTY_CALENDAR,
      signedIn: true,
      events: [event({ status: 'cancelled' }), event({ event_id: 7, status: 'draft', is_owner: true })],
    });
    expect(items.map((i) => [i.key, i.status])).toEqual([['event:5', 'cancelled']]);
  });
});

describe('weekOf', () => {
  it('starts on Monday', () => {
    expect(weekOf('2030-03-17')).toEqual(['2030-03-11', '2030-03-12', '2030-03-13', '2030-03-14', '2030-03-15', '2030-03-16', '2030-03-17']);
    expect(weekOf('2030-03-18')[0]).toBe('2030-03-18');
  });
});

describe('the feed address', () => {
  it('makes a 256-bit token whose key the server computes alike', async () => {
    const own = await newFeedToken();
    expect(own.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(own.key).toBe(feedKey(tokenHash(own.token)));
    expect(feedUrls('https://foyer.example', own.token)).toEqual({
      https: `https://foyer.example/calendar/feed.ics?token=${own.token}`,
      webcal: `webcal://foyer.example/calendar/feed.ics?token=${own.token}`,
      google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(`webcal://foyer.example/calendar/feed.ics?token=${own.token}`)}`,
    });
  });

  it('tells this device’s address from another device’s, and follows queued changes', () => {
    const own = { token: 'T'.repeat(43), key: 'abc' };
    const status = (active: boolean, key = 'abc') => ({ fetchedAt: 1, data: { active, key, created_at: 5, polled_at: 9 } });
    expect(feedState({ own: null, status: null, commands: [] })).toEqual({ kind: 'none', pending: false });
    expect(feedState({ own, status: null, commands: [cmd(1, { token: own.token })] })).toMatchObject({ kind: 'mine', pending: true });
    expect(feedState({ own, status: status(true), commands: [] })).toEqual({ kind: 'mine', token: own.token, pending: false, polledAt: 9 });
    expect(feedState({ own, status: status(true, 'other'), commands: [] })).toEqual({ kind: 'elsewhere', createdAt: 5, polledAt: 9 });
    expect(feedState({ own: null, status: status(true), commands: [] }).kind).toBe('elsewhere');
    expect(feedState({ own, status: status(false), commands: [] }).kind).toBe('none');
    expect(feedState({ own: null, status: status(true), commands: [cmd(1, { token: null })] })).toEqual({ kind: 'none', pending: true });
  });
});
