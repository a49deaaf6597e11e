import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daySlots, meetingDays, settingsOfEvent } from '../../contract/appointments.ts';
import type { EventDoc } from '../../contract/entities.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { bearer, login, startTestServer, type TestServer } from '../fixtures/server.ts';

/**
 * The event document carries its meeting settings, so a device builds the slot grid itself and can
 * ask anyone for a meeting offline. The grid it builds is the one meetings/get-meeting-data serves,
 * and a change of the settings reaches devices through the change feed.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

async function pullEvents(checkpoint = 0): Promise<{ documents: EventDoc[]; checkpoint: number }> {
  const res = await s.app.inject({ method: 'GET', url: `/sync/v1/events/pull?checkpoint=${checkpoint}&limit=2000` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('meeting settings in the event document', () => {
  it('gives a device the same slot grid the server answers with, and follows a change of the settings', async () => {
    const event = await createEvent(s.app.db, { starts_in_hours: 48, duration_hours: 30 });
    const [anna, bohdan] = [await createUser(s.app.db), await createUser(s.app.db)];
    for (const u of [anna, bohdan]) await s.app.db.insertInto('user_events').values({ event_id: event.id, user_id: u.id, checked_in: true }).execute();

    // No settings of its own: the whole span, split at midnight, in 15-minute slots.
    const first = await pullEvents();
    const doc = first.documents.find((d) => d.event_id === event.id)!;
    expect(doc.meeting).toMatchObject({ slot_minutes: 15, tables_count: 0, places: [] });
    expect(doc.meeting.allowed_times.length).toBeGreaterThanOrEqual(2);

    await s.app.db
      .insertInto('meeting_settings')
      .values({
        event_id: event.id,
        slot_minutes: 20,
        tables_count: 3,
        places: JSON.stringify({ 2: 'Lounge', 1: 'Stand B' }),
        allowed_times: JSON.stringify([{ day: '2031-03-30', from: '09:00', to: '11:00' }, { day: '2031-03-31', from: '10:00', to: '10:40' }, { bad: true }]),
      })
      .execute();
    const changed = await pullEvents(first.checkpoint);
    const next = changed.documents.find((d) => d.event_id === event.id);
    expect(next, 'a change of the settings gives the event a new rev').toBeDefined();
    expect(next!.meeting).toEqual({
      slot_minutes: 20,
      tables_count: 3,
      places: [
        { id: 1, label: 'Stand B', tables: 0 },
        { id: 2, label: 'Lounge', tables: 0 },
      ],
      allowed_times: [
        { day: '2031-03-30', from: '09:00', to: '11:00' },
        { day: '2031-03-31', from: '10:00', to: '10:40' },
      ],
    });

    // The grid the device builds from the document is the server's, day by day.
    const settings = settingsOfEvent(next!.meeting);
    const { token } = await login(s.app, anna.email);
    for (const day of meetingDays(settings)) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/meetings/get-meeting-data?event_id=${event.id}&user_id=${bohdan.id}&date=${day}`,
        headers: bearer(token),
      });
      const data = res.json().data;
      expect(data.dates).toEqual(meetingDays(settings));
      expect(data.placeItems).toEqual(settings.places);
      expect(data.meetingAllowTimes.times.map((t: { start: number; end: number }) => ({ start: t.start, end: t.end }))).toEqual(
        daySlots(settings, next!.timezone, day),
      );
    }

    await s.app.db.deleteFrom('meeting_settings').where('event_id', '=', event.id).execute();
    const removed = (await pullEvents(changed.checkpoint)).documents.find((d) => d.event_id === event.id);
    expect(removed?.meeting.slot_minutes).toBe(15);
  });
});
