import { describe, expect, it } from 'vitest';
import type { AppointmentDoc } from '../../contract/appointments.ts';
import { appointmentEvents, overlayAppointments, viewStatus, type AppointmentCommand, type AppointmentView } from '../../sync/views/appointments/overlay.ts';
import type { EventView } from '../../sync/store/overlay.ts';

/**
 * The optimistic appointments the screens show: server documents with the queued commands'
 * local effects (networking.md §4), refused commands kept visible, and each viewer's status.
 */

const ME = 10;
const ANNA = 20;
const BOHDAN = 30;
const NOW = Date.parse('2030-05-01T09:00:00Z');
const T = Math.floor(NOW / 1000) + 3600;

function doc(over: Partial<AppointmentDoc> = {}): AppointmentDoc {
  const id = over.meeting_id ?? 1;
  return {
    id: String(id),
    meeting_id: id,
    event_id: 5,
    from_user_id: ANNA,
    to_user_id: ME,
    user_id: ME,
    other_user_id: ANNA,
    date: '2030-05-01',
    time_start: T,
    time_end: T + 900,
    any_time: false,
    comment: 'hello',
    place: 0,
    table_num: 2,
    where_type: 1,
    where: 'Table 2',
    timezone: 'Europe/Kyiv',
    is_online: false,
    state: 'pending',
    response_msg: '',
    canceled_by: 0,
    request_date: T - 7200,
    video_link: '',
    user_info: { user_id: ANNA, first_name: 'Anna', last_name: 'K', avatar: '', position: '', company: '', phone: '' },
    rev: 1,
    ...over,
  };
}

let seq = 0;
function cmd(kind: string, payload: Record<string, unknown>, over: Partial<AppointmentCommand> = {}): AppointmentCommand {
  seq++;
  return { id: `c${seq}`, kind, payload, seq, status: 'pending', occurredAt: new Date(NOW).toISOString(), ...over };
}

const person = (eventId: number, userId: number) =>
  userId === BOHDAN && eventId === 5
    ? { card: { user_id: BOHDAN, first_name: 'Bohdan', last_name: 'S', avatar: '/a.png', position: 'CTO', company: 'X', phone: '' }, role: 'speaker' }
    : undefined;
const event = () => ({ timezone: 'Europe/Kyiv', is_webinar: false });

const status = (v: AppointmentView) => viewStatus(v, ME, NOW);

describe('overlayAppointments', () => {
  it("shows a queued request at once as a local pending appointment with the other person's card", () => {
    const c = cmd('appointment.request', {
      event_id: 5,
      user_id: BOHDAN,
      date: '2030-05-01',
      comment: 'coffee?',
      any_time: false,
      time_start: T,
      time_end: T + 900,
    });
    const [v] = overlayAppointments({ docs: [], commands: [c], viewerId: ME, person, event });
    expect(v).toMatchObject({
      id: `local:${c.id}`,
      synced: false,
      pending: true,
      failure: null,
      state: 'pending',
      from_user_id: ME,
      to_user_id: BOHDAN,
      other_user_id: BOHDAN,
      time_start: T,
      time_end: T + 900,
      timezone: 'Europe/Kyiv',
      role: 'speaker',
      user_info: { first_name: 'Bohdan' },
    });
    expect(status(v!)).toBe('waitingForResponse');
  });

  it("keeps a refused request visible with the server's reason, as no appointment", () => {
    const c = cmd(
      'appointment.request',
      { event_id: 5, user_id: BOHDAN, date: '2030-05-01', time_start: T, time_end: T + 900 },
      { status: 'rejected', code: 'appointment_time_unavailable' },
    );
    const [v] = overlayAppointments({ docs: [], commands: [c], viewerId: ME, person, event });
    expect(v).toMatchObject({ synced: false, pending: false, failure: { commandId: c.id, code: 'appointment_time_unavailable', kind: 'appointment.request' } });
    expect(status(v!)).toBe('noAppointment');
  });

  it('keeps a parked request visible as not sent, marked so it can be tried again', () => {
    const c = cmd(
      'appointment.request',
      { event_id: 5, user_id: BOHDAN, date: '2030-05-01', time_start: T, time_end: T + 900 },
      { status: 'parked', code: 'server_failed' },
    );
    const [v] = overlayAppointments({ docs: [], commands: [c], viewerId: ME, person, event });
    expect(v).toMatchObject({ synced: false, pending: false, failure: { commandId: c.id, code: 'server_failed', parked: true } });
    const refused = overlayAppointments({
      docs: [],
      commands: [{ ...c, status: 'rejected', code: 'appointment_time_unavailable' }],
      viewerId: ME,
      person,
      event,
    });
    expect(refused[0]!.failure).toMatchObject({ parked: false });
    // A parked answer leaves the meeting as the server has it.
    const answer = cmd('appointment.approve', { meeting_id: 1 }, { status: 'parked', code: 'server_failed' });
    expect(overlayAppointments({ docs: [doc()], commands: [answer], viewerId: ME })[0]).toMatchObject({ state: 'pending', failure: { parked: true } });
  });

  it('tells a request refused because the pair already meets on that meeting, with its actions, not on an empty card', () => {
    const existing = doc({ meeting_id: 7, from_user_id: ME, to_user_id: ANNA, user_id: ANNA, state: 'accepted' });
    const refused = cmd(
      'appointment.request',
      { event_id: 5, user_id: ANNA, date: '2030-05-01', time_start: T + 1800, time_end: T + 2700 },
      { status: 'rejected', code: 'appointment_exists' },
    );
    const views = overlayAppointments({ docs: [existing], commands: [refused], viewerId: ME, person, event });
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ meeting_id: 7, synced: true, state: 'accepted', failure: { commandId: refused.id, code: 'appointment_exists' } });
    expect(viewStatus(views[0]!, ME, NOW)).toBe('appointed');
    // Before that meeting has reached the device, the refusal stays a card of its own.
    const alone = overlayAppointments({ docs: [], commands: [refused], viewerId: ME, person, event });
    expect(alone).toMatchObject([{ synced: false, failure: { code: 'appointment_exists' } }]);
    // Another refusal (the time taken) still keeps its own card beside the meeting.
    const taken = { ...refused, id: 'c-taken', code: 'appointment_time_unavailable' };
    expect(overlayAppointments({ docs: [existing], commands: [taken], viewerId: ME, person, event })).toHaveLength(2);
  });

  it("drops the local stand-in once the applied request's document has been pulled", () => {
    const c = cmd('appointment.request', { event_id: 5, user_id: BOHDAN, date: '2030-05-01', time_start: T, time_end: T + 900 }, { status: 'applied' });
    const pulled = doc({ meeting_id: 7, from_user_id: ME, to_user_id: BOHDAN, user_id: BOHDAN, other_user_id: BOHDAN });
    expect(overlayAppointments({ docs: [], commands: [c], viewerId: ME })).toHaveLength(1);
    const views = overlayAppointments({ docs: [pulled], commands: [c], viewerId: ME });
    expect(views.map((v) => v.id)).toEqual(['7']);
    // An older, closed appointment with the same person is not this request.
    const old = doc({ meeting_id: 3, from_user_id: ME, to_user_id: BOHDAN, other_user_id: BOHDAN, state: 'rejected' });
    expect(
      overlayAppointments({ docs: [old], commands: [c], viewerId: ME })
        .map((v) => v.id)
        .sort(),
    ).toEqual(['3', `local:${c.id}`]);
  });

  it("confirm sets accepted, reject by the recipient rejects, the requester's reject cancels", () => {
    const incoming = doc();
    const approved = overlayAppointments({ docs: [incoming], commands: [cmd('appointment.approve', { meeting_id: 1 })], viewerId: ME });
    expect(approved[0]).toMatchObject({ state: 'accepted', pending: true });
    expect(status(approved[0]!)).toBe('appointed');
    // The stored document is untouched.
    expect(incoming.state).toBe('pending');

    const rejected = overlayAppointments({ docs: [incoming], commands: [cmd('appointment.reject', { meeting_id: 1, reason: 'busy' })], viewerId: ME });
    expect(rejected[0]).toMatchObject({ state: 'rejected', response_msg: 'busy', canceled_by: 0, table_num: 2 });
    expect(status(rejected[0]!)).toBe('rejected');

    const mine = doc({ from_user_id: ME, to_user_id: ANNA });
    const canceled = overlayAppointments({ docs: [mine], commands: [cmd('appointment.reject', { meeting_id: 1, reason: 'late' })], viewerId: ME });
    expect(canceled[0]).toMatchObject({ state: 'canceled', canceled_by: ME, response_msg: 'late' });
    expect(status(canceled[0]!)).toBe('canceled');
  });

  it('an edit makes the editor the requester of a pending request at the new time, without the old table', () => {
    const accepted = doc({ state: 'accepted' });
    const [v] = overlayAppointments({
      docs: [accepted],
      commands: [
        cmd('appointment.request', {
          meeting_id: 1,
          event_id: 5,
          user_id: ANNA,
          date: '2030-05-01',
          time_start: T + 1800,
          time_end: T + 2700,
          comment: 'later?',
        }),
      ],
      viewerId: ME,
    });
    expect(v).toMatchObject({
      state: 'pending',
      from_user_id: ME,
      to_user_id: ANNA,
      time_start: T + 1800,
      table_num: 0,
      where: '',
      comment: 'later?',
      pending: true,
    });
    expect(status(v!)).toBe('waitingForResponse');
  });

  it('applies commands in queue order and attaches a refused one to its appointment', () => {
    const first = cmd('appointment.approve', { meeting_id: 1 });
    const second = cmd('appointment.reject', { meeting_id: 1, reason: 'changed my mind' });
    const views = overlayAppointments({ docs: [doc()], commands: [second, first], viewerId: ME });
    expect(views[0]).toMatchObject({ state: 'canceled', canceled_by: ME });
    const refused = cmd('appointment.approve', { meeting_id: 1 }, { status: 'rejected', code: 'appointment_status_changed' });
    const shown = overlayAppointments({ docs: [doc({ state: 'canceled', canceled_by: ANNA })], commands: [refused], viewerId: ME });
    expect(shown[0]).toMatchObject({ state: 'canceled', pending: false, failure: { code: 'appointment_status_changed' } });
  });

  it('derives the too-late statuses once the start has passed', () => {
    const late = NOW + 2 * 3600_000;
    expect(viewStatus({ ...overlayAppointments({ docs: [doc()], commands: [], viewerId: ME })[0]! }, ME, late)).toBe('tooLateForMyResponse');
    const mine = overlayAppointments({ docs: [doc({ from_user_id: ME, to_user_id: ANNA })], commands: [], viewerId: ME })[0]!;
    expect(viewStatus(mine, ME, late)).toBe('tooLateForResponse');
  });
});

describe('appointmentEvents', () => {
  const ev = (id: number, when: number, whenEnd: number, rel: Partial<EventView> = {}) =>
    ({ event_id: id, when, when_end: whenEnd, has_ticket: false, checked_in: false, is_owner: false, ...rel }) as EventView;

  it('lists events taken part in or with appointments, upcoming soonest first and past latest first, with counts', () => {
    const now = 1_000_000;
    const events = [
      ev(1, now + 100, now + 200, { has_ticket: true }),
      ev(2, now - 500, now - 100),
      ev(3, now - 900, now - 800, { checked_in: true }),
      ev(4, now + 50, now + 60),
      ev(5, now - 50, now + 10, { is_owner: true }),
    ];
    const views = [doc({ event_id: 2 }), doc({ meeting_id: 2, event_id: 2 }), doc({ meeting_id: 3, event_id: 1 })].map((d) => ({
      ...d,
      synced: true,
      pending: false,
      failure: null,
      role: null,
    }));
    const out = appointmentEvents(events, views, now);
    expect(out.upcoming.map((s) => [s.event.event_id, s.count])).toEqual([
      [5, 0],
      [1, 1],
    ]);
    expect(out.past.map((s) => [s.event.event_id, s.count])).toEqual([
      [2, 2],
      [3, 0],
    ]);
  });
});
