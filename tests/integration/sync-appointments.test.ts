import { describe, expect, it } from 'vitest';
import type { TestProxy } from '../fixtures/proxy.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { createMeetingEvent, createUser } from '../fixtures/factories.ts';
import { devicesPerTest, type LocalDevice } from '../fixtures/local-device.ts';
import { signIn, type DeviceAuth } from '../fixtures/sign-in.ts';
import { SLOT_STATUS, addDays, daySlots, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import { dismiss, enqueue } from '../../sync/engine/outbox.ts';
import { findVisitorRow } from '../../sync/engine/visitor-pages.ts';
import { observeRejections, type RejectionItem } from '../../sync/store/observe.ts';
import { viewStatus, type AppointmentView } from '../../sync/views/appointments/overlay.ts';
import { observeAppointmentViews, storeAvailability, isAvailabilityAnswer, observeDaySlots, observeGrid } from '../../sync/views/appointments/store.ts';
import { mergeSlots, type CachedDaySlots, type MeetingGrid } from '../../sync/views/appointments/slots.ts';
import { legacyGet } from '../../sync/store/caches.ts';
import { firstValueFrom } from 'rxjs';
import { waitFor } from '../fixtures/wait.ts';

/**
 * The appointments collection on a device (RxDB on fake-indexeddb) against a real server behind a
 * proxy that can cut the network: requests, approvals and rejections queued offline, shown at once
 * with their local effects, applied exactly once on reconnect; a request refused because the slot
 * was taken meanwhile stays visible with its reason.
 */

const server = serverPerFile({ listen: true });
const devices = devicesPerTest();

interface Device extends LocalDevice {
  net: TestProxy;
  viewerId: number;
  views(): AppointmentView[];
  rejections(): RejectionItem[];
}

/** One device at a time per test: the realm's 13 RxDB collections must also fit other suites' growth. */
async function openDevice(auth: DeviceAuth): Promise<Device> {
  const device = await devices.openDevice({ name: 'foyer-appt', baseUrl: server.url, auth, ownNetwork: true });
  let views: AppointmentView[] = [];
  let rejections: RejectionItem[] = [];
  const subs = [observeAppointmentViews(device.db).subscribe((v) => (views = v.views)), observeRejections(device.db).subscribe((r) => (rejections = r))];
  device.onClose(() => {
    for (const s of subs) s.unsubscribe();
    device.net.setOnline(true);
  });
  return { ...device, viewerId: auth.user.id, views: () => views, rejections: () => rejections };
}

const KYIV = 'Europe/Kyiv';
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);
const at = (time: string) => zonedToUnix(D, time, KYIV);
const SLOT_SECONDS = 15 * 60;

const meetingEvent = () => createMeetingEvent(server.app.db, D);

/** A visitor of the event who can log in; `signIn` gives the device's session. */
async function participant(eventId: number, first_name: string) {
  const row = await createUser(server.app.db, { first_name });
  await server.app.db.insertInto('user_events').values({ event_id: eventId, user_id: row.id, checked_in: true }).execute();
  return { ...(await signIn(server.url, row.email)), id: row.id };
}

let seq = 0;
async function command(who: { token: string }, kind: string, payload: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { commands: [{ id: `it-appt-${Date.now().toString(36)}-${++seq}`, kind, payload, occurredAt: new Date().toISOString() }] },
  });
  const [result] = res.json().results as { status: string; ids?: string[]; code?: string }[];
  return result!;
}

const request = (eventId: number, to: number, time: string, comment = '') => ({
  event_id: eventId,
  user_id: to,
  date: D,
  comment,
  any_time: false,
  time_start: at(time),
  time_end: at(time) + SLOT_SECONDS,
});

describe('appointments on a device', () => {
  it('a request queued offline whose slot is taken meanwhile is refused on reconnect and stays visible with its reason', async () => {
    const ev = await meetingEvent();
    const anna = await participant(ev, 'Anna');
    const bohdan = await participant(ev, 'Bohdan');
    const carol = await participant(ev, 'Carol');
    const device = await openDevice(anna);
    await waitFor('first sync', () => device.engine.status.state === 'idle' && device.engine.status.lastSyncedAt !== null);
    // Bohdan's card comes from the event's visitors, replicated because Anna takes part.
    await waitFor("Bohdan's visitors document", () => findVisitorRow(device.db.visitors, `${ev}:${bohdan.id}`));

    // Online once: the modal's availability answer is kept on the device for later, offline use.
    const answer = await legacyGet(
      { baseUrl: device.net.url, headers: { authorization: `Bearer ${anna.token}` } },
      `/api/meetings/get-meeting-data?event_id=${ev}&user_id=${bohdan.id}&date=${D}`,
    );
    expect(isAvailabilityAnswer(answer)).toBe(true);
    await storeAvailability(device.db, ev, bohdan.id, answer as never);

    device.net.setOnline(false);
    await waitFor('offline', () => device.engine.status.state === 'offline');
    const queued = await enqueue(device.db, 'appointment.request', request(ev, bohdan.id, '10:00', 'Coffee at the stand?'));

    const local = await waitFor('the request shown at once', () => device.views().find((v) => v.id === `local:${queued.id}`));
    expect(local).toMatchObject({
      synced: false,
      pending: true,
      state: 'pending',
      other_user_id: bohdan.id,
      time_start: at('10:00'),
      user_info: { first_name: 'Bohdan' },
      timezone: KYIV,
    });
    expect(viewStatus(local, anna.id, Date.now())).toBe('waitingForResponse');

    // The slot picker offline, from the kept grid and the device's own meetings: 10:00 is now Anna's.
    const grid = (await firstValueFrom(observeGrid(device.db, ev))) as MeetingGrid;
    const day = (await firstValueFrom(observeDaySlots(device.db, ev, bohdan.id, D))) as CachedDaySlots;
    expect(grid.days[D]).toEqual(daySlots({ slot_minutes: 15, tables_count: 2, places: {}, allowed_times: [{ day: D, from: '10:00', to: '12:00' }] }, KYIV, D));
    const slots = mergeSlots({
      grid: grid.days[D]!,
      server: day.times,
      own: device.views(),
      viewerId: anna.id,
      otherId: bohdan.id,
      eventId: ev,
      online: false,
      tablesCount: grid.tables_count,
      places: grid.placeItems,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    expect(slots[0]).toMatchObject({ start: at('10:00'), status: SLOT_STATUS.mine });
    expect(slots[1]!.status).toBe(SLOT_STATUS.available);

    // Meanwhile Carol, online, gets Bohdan at 10:00.
    expect((await command(carol, 'appointment.request', request(ev, bohdan.id, '10:00'))).status).toBe('applied');

    device.net.setOnline(true);
    const refused = await waitFor('the refusal', () => device.views().find((v) => v.id === `local:${queued.id}` && v.failure));
    expect(refused).toMatchObject({
      synced: false,
      pending: false,
      comment: 'Coffee at the stand?',
      failure: { commandId: queued.id, kind: 'appointment.request', code: 'appointment_time_unavailable' },
    });
    expect(viewStatus(refused, anna.id, Date.now())).toBe('noAppointment');
    await waitFor('the rejection listed', () => device.rejections().some((r) => r.id === queued.id && r.code === 'appointment_time_unavailable'));
    await waitFor('idle', () => device.engine.status.state === 'idle' && device.engine.status.pending === 0);
    // Still there after the sync settled: nothing disappears silently.
    expect(device.views().filter((v) => v.id === `local:${queued.id}`)).toHaveLength(1);
    expect(await server.app.db.selectFrom('appointments').select('id').where('event_id', '=', ev).where('from_user_id', '=', anna.id).execute()).toEqual([]);

    // The way forward: another time, which replaces the refused request.
    const retry = await enqueue(device.db, 'appointment.request', request(ev, bohdan.id, '10:15', 'Coffee at the stand?'));
    await dismiss(device.db, queued.id);
    const made = await waitFor('the new request synced', () =>
      device.views().find((v) => v.synced && v.from_user_id === anna.id && v.other_user_id === bohdan.id && !v.pending),
    );
    expect(made).toMatchObject({ state: 'pending', time_start: at('10:15'), table_num: 1, where: 'Table 1', failure: null });
    expect(device.views().some((v) => v.id === `local:${queued.id}` || v.id === `local:${retry.id}`)).toBe(false);
    await waitFor('the outbox settled', async () => (await device.db.outbox.find().exec()).length === 0);
  });

  it('an approval queued offline is shown at once and applied exactly once, even when its answer is lost', async () => {
    const ev = await meetingEvent();
    const anna = await participant(ev, 'Anna');
    const bohdan = await participant(ev, 'Bohdan');
    const made = await command(anna, 'appointment.request', request(ev, bohdan.id, '11:00', 'Let us talk about the keynote'));
    expect(made.status).toBe('applied');
    const meetingId = Number(made.ids![0]);

    const device = await openDevice(bohdan);
    const incoming = await waitFor("the request on Bohdan's device", () => device.views().find((v) => v.meeting_id === meetingId));
    expect(incoming).toMatchObject({
      synced: true,
      state: 'pending',
      from_user_id: anna.id,
      to_user_id: bohdan.id,
      comment: 'Let us talk about the keynote',
      user_info: { first_name: 'Anna' },
    });
    expect(viewStatus(incoming, bohdan.id, Date.now())).toBe('waitingForMyResponse');
    await waitFor('idle', () => device.engine.status.state === 'idle');

    device.net.setOnline(false);
    await waitFor('offline', () => device.engine.status.state === 'offline');
    const approve = await enqueue(device.db, 'appointment.approve', { meeting_id: meetingId });
    const shown = await waitFor('the approval shown at once', () => device.views().find((v) => v.meeting_id === meetingId && v.state === 'accepted'));
    expect(shown.pending).toBe(true);
    expect(viewStatus(shown, bohdan.id, Date.now())).toBe('appointed');
    expect((await device.db.appointments.findOne(String(meetingId)).exec())?.state).toBe('pending');

    // The first answer is lost on the way back; the outbox sends the same command again.
    const isCommands = (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/sync/v1/commands';
    device.net.loseAnswers(isCommands, 1);
    const seen: string[] = [];
    const watch = observeAppointmentViews(device.db).subscribe((v) => seen.push(v.views.find((x) => x.meeting_id === meetingId)?.state ?? 'missing'));
    device.net.setOnline(true);
    await waitFor('the outbox settled', async () => (await device.db.outbox.find().exec()).length === 0);
    await waitFor('the pulled document', () => device.views().find((v) => v.meeting_id === meetingId && v.state === 'accepted' && !v.pending));
    watch.unsubscribe();
    // From the tap until it settled, the screen never went back to "waiting for my answer".
    expect(seen.every((s) => s === 'accepted')).toBe(true);

    const sent = device.net.log.filter((r) => isCommands(r) && r.body.includes(approve.id));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const row = await server.app.db.selectFrom('appointments').select(['response', 'rev']).where('id', '=', meetingId).executeTakeFirstOrThrow();
    expect(row.response).toBe(1);
    const stored = await server.app.db.selectFrom('commands').select(['id', 'status']).where('user_id', '=', bohdan.id).execute();
    expect(stored).toEqual([{ id: approve.id, status: 'applied' }]);
    expect((await device.db.appointments.findOne(String(meetingId)).exec())?.toJSON()).toMatchObject({
      state: 'accepted',
      video_link: `/api/manage-meeting/join-by-meeting?meeting_id=${meetingId}`,
    });
  });

  it('a rejection queued offline carries its reason; another device of the other person sees it', async () => {
    const ev = await meetingEvent();
    const anna = await participant(ev, 'Anna');
    const bohdan = await participant(ev, 'Bohdan');
    const made = await command(anna, 'appointment.request', request(ev, bohdan.id, '11:30'));
    const meetingId = Number(made.ids![0]);

    const device = await openDevice(bohdan);
    await waitFor('the request', () => device.views().find((v) => v.meeting_id === meetingId));
    device.net.setOnline(false);
    await waitFor('offline', () => device.engine.status.state === 'offline');
    await enqueue(device.db, 'appointment.reject', { meeting_id: meetingId, reason: 'Busy at our stand' });
    const shown = await waitFor('the rejection shown', () => device.views().find((v) => v.meeting_id === meetingId && v.state === 'rejected'));
    expect(shown).toMatchObject({ response_msg: 'Busy at our stand', canceled_by: 0, pending: true });
    device.net.setOnline(true);
    await waitFor('settled', async () => (await device.db.outbox.find().exec()).length === 0);
    await device.close();

    const annaDevice = await openDevice(anna);
    const seen = await waitFor("on Anna's device", () => annaDevice.views().find((v) => v.meeting_id === meetingId));
    expect(seen).toMatchObject({ state: 'rejected', response_msg: 'Busy at our stand', other_user_id: bohdan.id });
    expect(viewStatus(seen, anna.id, Date.now())).toBe('rejected');
  });
});
