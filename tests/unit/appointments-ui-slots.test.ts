import { describe, expect, it } from 'vitest';
import { SLOT_STATUS, daySlots, type AppointmentDoc } from '../../contract/appointments.ts';
import { overlayAppointments, type AppointmentCommand } from '../../sync/views/appointments/overlay.ts';
import { mergeSlots, type ServerSlot } from '../../sync/views/appointments/slots.ts';
import { isSlotSelectable as isSelectable, nextStep } from '../../src/features/appointments/slots.ts';

/**
 * Slot statuses on the device (networking.md §3 codes 1–5): from the user's own meetings (queued
 * commands included) and the server's last answer for the other person's busy times and tables.
 */

const ME = 1;
const OTHER = 2;
const THIRD = 3;
const TZ = 'Europe/Kyiv';
const DAY = '2030-06-03';
const settings = { slot_minutes: 15, tables_count: 1, places: {}, allowed_times: [{ day: DAY, from: '10:00', to: '11:00' }] };
const grid = daySlots(settings, TZ, DAY);
const [s0, s1, s2, s3] = grid as [
  { start: number; end: number },
  { start: number; end: number },
  { start: number; end: number },
  { start: number; end: number },
];
const before = s0.start - 3600;

function doc(over: Partial<AppointmentDoc>): AppointmentDoc {
  const id = over.meeting_id ?? 1;
  return {
    id: String(id),
    meeting_id: id,
    event_id: 9,
    from_user_id: ME,
    to_user_id: THIRD,
    user_id: THIRD,
    other_user_id: THIRD,
    date: DAY,
    time_start: s0.start,
    time_end: s0.end,
    any_time: false,
    comment: '',
    place: 0,
    table_num: 1,
    where_type: 1,
    where: 'Table 1',
    timezone: TZ,
    is_online: false,
    state: 'accepted',
    response_msg: '',
    canceled_by: 0,
    request_date: 0,
    video_link: '',
    user_info: { user_id: THIRD, first_name: 'T', last_name: '', avatar: '', position: '', company: '', phone: '' },
    rev: 1,
    ...over,
  };
}

function merge(
  own: AppointmentDoc[],
  commands: AppointmentCommand[] = [],
  server: ServerSlot[] | null = null,
  over: Partial<Parameters<typeof mergeSlots>[0]> = {},
) {
  const views = overlayAppointments({ docs: own, commands, viewerId: ME });
  return mergeSlots({
    grid,
    server,
    own: views,
    viewerId: ME,
    otherId: OTHER,
    eventId: 9,
    online: false,
    tablesCount: 1,
    places: {},
    nowSeconds: before,
    ...over,
  });
}

const statuses = (slots: { status: number }[]) => slots.map((s) => s.status);

describe('mergeSlots on the device', () => {
  it("marks the user's own meetings 2 and everything else free while the server was never asked", () => {
    const slots = merge([doc({})]);
    expect(statuses(slots)).toEqual([SLOT_STATUS.mine, 1, 1, 1]);
    expect(slots[0]!.mine?.meeting_id).toBe(1);
  });

  it("takes the other person's busy times and taken tables from the server's last answer", () => {
    const server: ServerSlot[] = [
      { start: s0.start, end: s0.end, status: 1, exist_tables: true, exist_other_place: true },
      { start: s1.start, end: s1.end, status: SLOT_STATUS.theirs, exist_tables: true, exist_other_place: true },
      { start: s2.start, end: s2.end, status: 1, exist_tables: false, exist_other_place: true },
    ];
    const slots = merge([doc({ time_start: s1.start, time_end: s1.end, table_num: 0 })], [], server);
    // s1: both busy; s2: no table and no other place on an event without places -> disabled.
    expect(statuses(slots)).toEqual([1, SLOT_STATUS.both, SLOT_STATUS.disabled, 1]);
  });

  it('a request queued offline blocks its slot for both people, a cancel queued offline frees it', () => {
    const request: AppointmentCommand = {
      id: 'q1',
      kind: 'appointment.request',
      seq: 1,
      status: 'pending',
      occurredAt: new Date().toISOString(),
      payload: { event_id: 9, user_id: OTHER, date: DAY, time_start: s3.start, time_end: s3.end },
    };
    const cancel: AppointmentCommand = {
      id: 'q2',
      kind: 'appointment.reject',
      seq: 2,
      status: 'pending',
      occurredAt: new Date().toISOString(),
      payload: { meeting_id: 1, reason: '' },
    };
    expect(statuses(merge([doc({})], [request, cancel]))).toEqual([1, 1, 1, SLOT_STATUS.mine]);
    // Even when the server's older answer still shows the meeting there.
    const stale: ServerSlot[] = [{ start: s0.start, end: s0.end, status: SLOT_STATUS.mine, exist_tables: false, exist_other_place: false, meeting_id: 1 }];
    expect(statuses(merge([doc({})], [cancel], stale, { tablesCount: 1, places: { 7: 'Lounge' } }))[0]).toBe(1);
  });

  it('counts a meeting the server knows and the device has not pulled yet', () => {
    const server: ServerSlot[] = [{ start: s2.start, end: s2.end, status: SLOT_STATUS.mine, exist_tables: true, exist_other_place: false, meeting_id: 44 }];
    expect(statuses(merge([], [], server))[2]).toBe(SLOT_STATUS.mine);
    // …but not the meeting being edited, which does not compete with itself.
    expect(statuses(merge([], [], server, { excludeMeetingId: 44 }))[2]).toBe(1);
  });

  it('disables slots that have begun and, in person, slots without a table or another place', () => {
    expect(statuses(merge([], [], null, { nowSeconds: s1.start }))).toEqual([5, 5, 1, 1]);
    expect(statuses(merge([], [], null, { tablesCount: 0, places: {} })).every((s) => s === 1)).toBe(true);
    const allTaken = grid.map((s) => ({ ...s, status: 1, exist_tables: false, exist_other_place: false }));
    expect(statuses(merge([], [], allTaken, { tablesCount: 3, places: {} }))).toEqual([5, 5, 5, 5]);
    // Online events have neither tables nor places and are never full.
    expect(statuses(merge([], [], allTaken, { online: true }))).toEqual([1, 1, 1, 1]);
  });

  it('ignores appointments that hold no slot: closed ones, any-time requests, refused local requests', () => {
    const own = [doc({ state: 'rejected' }), doc({ meeting_id: 2, time_start: 0, time_end: 0, any_time: true })];
    const refused: AppointmentCommand = {
      id: 'r',
      kind: 'appointment.request',
      seq: 1,
      status: 'rejected',
      code: 'appointment_time_unavailable',
      occurredAt: new Date().toISOString(),
      payload: { event_id: 9, user_id: OTHER, date: DAY, time_start: s1.start, time_end: s1.end },
    };
    expect(statuses(merge(own, [refused]))).toEqual([1, 1, 1, 1]);
  });
});

describe('the submit flow', () => {
  it('only free slots are selectable', () => {
    expect([1, 2, 3, 4, 5].map((s) => isSelectable(s as 1))).toEqual([true, false, false, false, false]);
  });

  it('contact form first for an online event without a phone; place selector when a slot has tables and places', () => {
    expect(nextStep({ online: true, hasPhone: false, slot: null })).toBe('contact');
    expect(nextStep({ online: true, hasPhone: true, slot: null })).toBe('send');
    expect(nextStep({ online: false, hasPhone: false, slot: { exist_tables: true, exist_other_place: true } })).toBe('place');
    expect(nextStep({ online: false, hasPhone: false, slot: { exist_tables: true, exist_other_place: false } })).toBe('send');
    expect(nextStep({ online: false, hasPhone: false, slot: { exist_tables: false, exist_other_place: true } })).toBe('send');
  });
});
