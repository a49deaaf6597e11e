import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import {
  PLACE_NO_TABLE,
  SLOT_STATUS,
  daySlots,
  localDateOf,
  localTimeOf,
  meetingDays,
  openingDay,
  slotState,
  zonedToUnix,
  type BusyMeeting,
  type MeetingSettings,
  type SlotContext,
} from '../../contract/appointments.ts';
import { spanWindows } from '../../contract/event-windows.ts';
import { findSlot, placeAppointment } from '../../server/domain/appointments/slots.ts';
import { resolveSettings } from '../../server/domain/events/meeting-settings.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const KYIV = 'Europe/Kyiv';
const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function settings(over: Partial<MeetingSettings> = {}): MeetingSettings {
  return { slot_minutes: 15, tables_count: 2, places: {}, allowed_times: [{ day: '2025-06-10', from: '10:00', to: '12:00' }], ...over };
}

let nextId = 1;
function meeting(from: number, to: number, startIso: string, over: Partial<BusyMeeting> = {}): BusyMeeting {
  const start = unix(startIso);
  return { id: nextId++, event_id: 1, from_user_id: from, to_user_id: to, start, end: start + 900, table_num: null, ...over };
}

const VIEWER = 10;
const OTHER = 20;
function ctx(over: Partial<SlotContext> = {}): SlotContext {
  return {
    eventId: 1,
    viewerId: VIEWER,
    otherId: OTHER,
    now: unix('2025-06-01T00:00:00Z'),
    online: false,
    settings: { tables_count: 2, places: {} },
    meetings: [],
    ...over,
  };
}
// 10:00 in Kyiv on 2025-06-10 (EEST, UTC+3).
const SLOT = { start: unix('2025-06-10T07:00:00Z'), end: unix('2025-06-10T07:15:00Z') };

describe('time in the event timezone', () => {
  it('agrees with dayjs.tz for every quarter hour around both DST changes in Kyiv and elsewhere', () => {
    const zones = [KYIV, 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    const days = ['2025-03-29', '2025-03-30', '2025-03-31', '2025-10-25', '2025-10-26', '2025-10-27', '2025-04-06', '2025-11-02', '2025-03-09'];
    let checked = 0;
    for (const tz of zones) {
      for (const day of days) {
        for (let m = 0; m < 24 * 60; m += 15) {
          const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const ours = zonedToUnix(day, time, tz);
          // A time that exists once must match dayjs exactly; for skipped or repeated wall times the
          // two libraries may pick different instants, so there we only require a round trip.
          const back = localTimeOf(ours, tz);
          const theirs = dayjs.tz(`${day} ${time}`, tz).unix();
          if (back === time && localDateOf(ours, tz) === day) {
            const repeated = [-3600, -1800, 1800, 3600].some((d) => localTimeOf(ours + d, tz) === time);
            if (!repeated) expect(ours, `${tz} ${day} ${time}`).toBe(theirs);
          }
          checked++;
        }
      }
    }
    expect(checked).toBe(5 * 9 * 96);
  });

  it('reads local dates and times of instants', () => {
    expect(localDateOf(unix('2025-06-09T21:30:00Z'), KYIV)).toBe('2025-06-10');
    expect(localTimeOf(unix('2025-06-09T21:30:00Z'), KYIV)).toBe('00:30');
    expect(zonedToUnix('2025-06-10', '24:00', KYIV)).toBe(zonedToUnix('2025-06-11', '00:00', KYIV));
  });
});

describe('daySlots', () => {
  it('steps the windows of the day in slot_minutes, sorted, windows of other days ignored', () => {
    const s = settings({
      allowed_times: [
        { day: '2025-06-10', from: '14:00', to: '14:30' },
        { day: '2025-06-10', from: '10:00', to: '10:40' },
        { day: '2025-06-11', from: '10:00', to: '11:00' },
      ],
    });
    const slots = daySlots(s, KYIV, '2025-06-10');
    expect(slots.map((x) => localTimeOf(x.start, KYIV))).toEqual(['10:00', '10:15', '14:00', '14:15']);
    expect(slots.every((x) => x.end - x.start === 900)).toBe(true);
    expect(meetingDays(s)).toEqual(['2025-06-10', '2025-06-11']);
  });

  it('has 23 hours of slots on the spring-forward day in Kyiv and no 03:xx labels', () => {
    const s = settings({ allowed_times: [{ day: '2025-03-30', from: '00:00', to: '24:00' }] });
    const slots = daySlots(s, KYIV, '2025-03-30');
    expect(slots).toHaveLength(23 * 4);
    const labels = slots.map((x) => localTimeOf(x.start, KYIV));
    expect(labels.filter((l) => l.startsWith('03:'))).toEqual([]);
    expect(labels.slice(10, 14)).toEqual(['02:30', '02:45', '04:00', '04:15']);
    // Contiguous in absolute time: nothing lost or doubled across the change.
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.start - slots[i - 1]!.start).toBe(900);
    expect(slots[0]!.start).toBe(unix('2025-03-29T22:00:00Z'));
    expect(slots.at(-1)!.end).toBe(unix('2025-03-30T21:00:00Z'));
  });

  it('has 25 hours of slots on the fall-back day in Kyiv, the repeated hour shown twice', () => {
    const s = settings({ allowed_times: [{ day: '2025-10-26', from: '00:00', to: '24:00' }] });
    const slots = daySlots(s, KYIV, '2025-10-26');
    expect(slots).toHaveLength(25 * 4);
    const labels = slots.map((x) => localTimeOf(x.start, KYIV));
    expect(labels.filter((l) => l === '03:15')).toHaveLength(2);
    expect(new Set(slots.map((x) => x.start)).size).toBe(slots.length);
  });

  it('keeps a window across the spring-forward gap in absolute time (02:00–05:00 is two hours)', () => {
    const s = settings({ allowed_times: [{ day: '2025-03-30', from: '02:00', to: '05:00' }] });
    expect(daySlots(s, KYIV, '2025-03-30').map((x) => localTimeOf(x.start, KYIV))).toEqual([
      '02:00',
      '02:15',
      '02:30',
      '02:45',
      '04:00',
      '04:15',
      '04:30',
      '04:45',
    ]);
  });

  it('ignores malformed windows and a slot that would run past the window', () => {
    const s = settings({
      slot_minutes: 30,
      allowed_times: [
        { day: '2025-06-10', from: '10:00', to: '10:50' },
        { day: '2025-06-10', from: '12:00', to: '11:00' },
        { day: '2025-06-10', from: '25:00', to: '26:00' },
        { day: '2025-02-30', from: '10:00', to: '11:00' },
      ],
    });
    expect(daySlots(s, KYIV, '2025-06-10').map((x) => localTimeOf(x.start, KYIV))).toEqual(['10:00']);
    expect(meetingDays(s)).toEqual(['2025-06-10']);
  });

  it('findSlot accepts only a start on the grid of that day', () => {
    const s = settings();
    expect(findSlot(s, KYIV, '2025-06-10', SLOT.start)).toEqual(SLOT);
    expect(findSlot(s, KYIV, '2025-06-10', SLOT.start + 60)).toBeUndefined();
    expect(findSlot(s, KYIV, '2025-06-11', SLOT.start)).toBeUndefined();
  });
});

describe('openingDay: where the picker opens when no day was chosen', () => {
  // An evening event across the venue's midnight, as the demo seeds it: today until 24:00, then tomorrow.
  const evening = settings({
    allowed_times: [
      { day: '2025-06-10', from: '20:00', to: '24:00' },
      { day: '2025-06-11', from: '00:00', to: '02:00' },
    ],
  });
  const days = meetingDays(evening);
  const slotsOf = (d: string) => daySlots(evening, KYIV, d);

  it('opens on today while a slot of today is still to start', () => {
    expect(openingDay(days, slotsOf, '2025-06-10', unix('2025-06-10T23:29:00+03:00'))).toBe('2025-06-10');
  });

  it("opens on the next day once today's last slot has begun", () => {
    expect(openingDay(days, slotsOf, '2025-06-10', unix('2025-06-10T23:45:00+03:00'))).toBe('2025-06-11');
    expect(openingDay(days, slotsOf, '2025-06-10', unix('2025-06-10T23:50:00+03:00'))).toBe('2025-06-11');
  });

  it('keeps the first day from today, or the first of all, when no slot is left to start', () => {
    expect(openingDay(days, slotsOf, '2025-06-11', unix('2025-06-11T03:00:00+03:00'))).toBe('2025-06-11');
    expect(openingDay(days, slotsOf, '2025-06-12', unix('2025-06-12T10:00:00+03:00'))).toBe('2025-06-10');
    expect(openingDay([], slotsOf, '2025-06-12', unix('2025-06-12T10:00:00+03:00'))).toBeNull();
  });
});

describe('slotState: statuses 1–5', () => {
  it('1 when both people are free and a table is free', () => {
    const s = slotState(SLOT, ctx());
    expect(s).toMatchObject({ status: SLOT_STATUS.available, exist_tables: true, exist_other_place: false, free_tables: [1, 2], mine: null });
  });

  it('2 when the viewer is busy, with the meeting; also for a meeting with this very person', () => {
    const other = meeting(VIEWER, 99, '2025-06-10T07:00:00Z', { table_num: 1 });
    expect(slotState(SLOT, ctx({ meetings: [other] }))).toMatchObject({ status: SLOT_STATUS.mine, mine: other, free_tables: [2] });
    const together = meeting(OTHER, VIEWER, '2025-06-10T07:00:00Z');
    expect(slotState(SLOT, ctx({ meetings: [together] })).status).toBe(SLOT_STATUS.mine);
  });

  it('3 when only the other person is busy, whoever they meet and in whichever event', () => {
    const theirs = meeting(OTHER, 77, '2025-06-10T07:05:00Z', { event_id: 42 });
    expect(slotState(SLOT, ctx({ meetings: [theirs] }))).toMatchObject({ status: SLOT_STATUS.theirs, mine: null });
  });

  it('4 when both are busy with different people', () => {
    const mine = meeting(55, VIEWER, '2025-06-10T07:00:00Z');
    const theirs = meeting(OTHER, 77, '2025-06-10T06:50:00Z');
    expect(slotState(SLOT, ctx({ meetings: [mine, theirs] }))).toMatchObject({ status: SLOT_STATUS.both, mine });
  });

  it("5 for a slot that has begun, even one holding the viewer's meeting", () => {
    const mine = meeting(VIEWER, 99, '2025-06-10T07:00:00Z');
    expect(slotState(SLOT, ctx({ now: SLOT.start })).status).toBe(SLOT_STATUS.disabled);
    expect(slotState(SLOT, ctx({ now: SLOT.start + 1, meetings: [mine] })).status).toBe(SLOT_STATUS.disabled);
    expect(slotState(SLOT, ctx({ now: SLOT.start - 1 })).status).toBe(SLOT_STATUS.available);
  });

  it('5 when every table is taken and the event has no other place; 1 again with a named place', () => {
    const full = [meeting(1, 2, '2025-06-10T07:00:00Z', { table_num: 1 }), meeting(3, 4, '2025-06-10T07:00:00Z', { table_num: 2 })];
    expect(slotState(SLOT, ctx({ meetings: full }))).toMatchObject({ status: SLOT_STATUS.disabled, exist_tables: false, exist_other_place: false });
    expect(slotState(SLOT, ctx({ meetings: full, settings: { tables_count: 2, places: { '1': 'Lounge' } } }))).toMatchObject({
      status: SLOT_STATUS.available,
      exist_tables: false,
      exist_other_place: true,
    });
  });

  it("counts only this event's tables and only overlapping meetings", () => {
    const elsewhere = meeting(1, 2, '2025-06-10T07:00:00Z', { table_num: 1, event_id: 2 });
    const before = meeting(3, 4, '2025-06-10T06:45:00Z', { table_num: 2 });
    const after = meeting(5, 6, '2025-06-10T07:15:00Z', { table_num: 2 });
    expect(slotState(SLOT, ctx({ meetings: [elsewhere, before, after] })).free_tables).toEqual([1, 2]);
  });

  it('an event without tables meets at other places, and an online event never runs out of room', () => {
    expect(slotState(SLOT, ctx({ settings: { tables_count: 0, places: {} } }))).toMatchObject({ status: 1, exist_tables: false, exist_other_place: true });
    const online = slotState(SLOT, ctx({ online: true, settings: { tables_count: 0, places: {} } }));
    expect(online).toMatchObject({ status: 1, exist_tables: false, exist_other_place: false });
  });

  it('leaves out the meeting being edited', () => {
    const editing = meeting(VIEWER, OTHER, '2025-06-10T07:00:00Z', { table_num: 1 });
    expect(slotState(SLOT, ctx({ meetings: [editing], excludeMeetingId: editing.id }))).toMatchObject({ status: 1, free_tables: [1, 2] });
  });
});

describe('placeAppointment', () => {
  const inPerson = settings({ tables_count: 3, places: { '2': 'Cafe', '1': 'Lounge' } });
  it('gives the lowest free table, or keeps the current one when it is still free', () => {
    expect(placeAppointment({ online: false, settings: inPerson, place: null, freeTables: [2, 3] })).toEqual({
      ok: { where_type: 1, place: null, table_num: 2, where_text: 'Table 2' },
    });
    expect(placeAppointment({ online: false, settings: inPerson, place: undefined, freeTables: [2, 3], keepTable: 3 })).toMatchObject({ ok: { table_num: 3 } });
    expect(placeAppointment({ online: false, settings: inPerson, place: 0, freeTables: [2, 3], keepTable: 1 })).toMatchObject({ ok: { table_num: 2 } });
  });

  it('puts a named place there and place 5 at the first named place', () => {
    expect(placeAppointment({ online: false, settings: inPerson, place: 2, freeTables: [1] })).toEqual({
      ok: { where_type: 2, place: 2, table_num: null, where_text: 'Cafe' },
    });
    expect(placeAppointment({ online: false, settings: inPerson, place: PLACE_NO_TABLE, freeTables: [1] })).toEqual({
      ok: { where_type: 2, place: 1, table_num: null, where_text: 'Lounge' },
    });
  });

  it('place 5 without named places is a place to be agreed; unknown places are refused', () => {
    const bare = settings({ tables_count: 0, places: {} });
    expect(placeAppointment({ online: false, settings: bare, place: PLACE_NO_TABLE, freeTables: [] })).toEqual({
      ok: { where_type: 2, place: 5, table_num: null, where_text: '' },
    });
    expect(placeAppointment({ online: false, settings: bare, place: null, freeTables: [] })).toMatchObject({ ok: { place: 5 } });
    expect(placeAppointment({ online: false, settings: inPerson, place: 9, freeTables: [1] })).toEqual({ error: 'invalid_place' });
  });

  it('falls back to another place when the tables ran out, and refuses when there is none', () => {
    expect(placeAppointment({ online: false, settings: inPerson, place: null, freeTables: [] })).toMatchObject({ ok: { where_type: 2, place: 1 } });
    const tablesOnly = settings({ tables_count: 2, places: {} });
    expect(placeAppointment({ online: false, settings: tablesOnly, place: null, freeTables: [] })).toEqual({ error: 'unavailable' });
    expect(placeAppointment({ online: false, settings: tablesOnly, place: PLACE_NO_TABLE, freeTables: [1] })).toEqual({ error: 'unavailable' });
  });

  it('online meetings and any-time requests without a place have none', () => {
    const nowhere = { where_type: null, place: null, table_num: null, where_text: '' };
    expect(placeAppointment({ online: true, settings: inPerson, place: 2, freeTables: [1] })).toEqual({ ok: nowhere });
    expect(placeAppointment({ online: false, settings: inPerson, place: null, freeTables: null })).toEqual({ ok: nowhere });
  });
});

describe('event settings', () => {
  const event = {
    id: 1,
    starts_at: new Date('2025-06-10T19:00:00Z'),
    ends_at: new Date('2025-06-11T02:00:00Z'),
    timezone: KYIV,
    is_webinar: false,
    deleted: false,
  };

  it('without a row, the event span split at local midnight', () => {
    expect(resolveSettings(undefined, event)).toEqual({
      slot_minutes: 15,
      tables_count: 0,
      places: {},
      allowed_times: [
        { day: '2025-06-10', from: '22:00', to: '24:00' },
        { day: '2025-06-11', from: '00:00', to: '05:00' },
      ],
    });
    expect(spanWindows(unix('2025-06-10T07:00:00Z'), unix('2025-06-10T09:30:00Z'), KYIV)).toEqual([{ day: '2025-06-10', from: '10:00', to: '12:30' }]);
  });

  it('drops what it cannot trust in the JSON columns', () => {
    const s = resolveSettings(
      {
        slot_minutes: 20,
        tables_count: 4,
        places: JSON.stringify({ '1': 'Lounge', x: 'bad', '2': 3 }),
        allowed_times: [{ day: '2025-06-10', from: '10:00', to: '11:00' }, { day: 1 }, null],
      },
      event,
    );
    expect(s).toEqual({
      slot_minutes: 20,
      tables_count: 4,
      places: { '1': 'Lounge' },
      allowed_times: [{ day: '2025-06-10', from: '10:00', to: '11:00' }],
      zones: [],
    });
  });

  it('takes a place that holds tables as where those tables stand, not as a spot to meet without one', () => {
    const s = resolveSettings(
      {
        slot_minutes: 15,
        tables_count: 5,
        places: { '1': 'Hall B', '2': 'Lounge', '3': 'Odd' },
        allowed_times: [],
        place_tables: JSON.stringify({ '1': 3, '3': 'many' }),
      },
      event,
    );
    expect(s.places).toEqual({ '2': 'Lounge', '3': 'Odd' });
    expect(s.zones).toEqual([{ id: 1, label: 'Hall B', tables: 3 }]);
  });
});
