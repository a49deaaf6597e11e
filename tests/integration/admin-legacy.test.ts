import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../contract/appointments.ts';
import { createTicket } from '../fixtures/factories.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { adminKit, auth, eventFields, uploadPicture } from './admin-helpers.ts';

/**
 * A mobile client built to the specs (Bearer token, the legacy calls and envelope) sees what the
 * organisers change at once: the programme, the meeting slots and places, the stands and the
 * poster, with nothing cached in between. The organiser writes through the command path, as the
 * PWA does; the client only reads the specs' calls, over a real socket.
 */

let s: TestServer & { url: string };
beforeAll(async () => {
  s = await startTestServer({ listen: true });
});
afterAll(async () => s?.close());
const { person, send, newEvent } = adminKit(() => s);

const base = eventFields();
const day = localDateOf(base.starts_at, 'Europe/Kyiv');

/** The mobile client's GET: real HTTP, its own Bearer token, the envelope's data. */
async function mobile<T = unknown>(token: string, path: string): Promise<T> {
  const res = await fetch(`${s.url}${path}`, { headers: auth(token) });
  const body = (await res.json()) as Envelope<T>;
  expect(body.status_code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

describe('a legacy client', () => {
  it('sees the new programme, slots, places, stands and poster the moment the organiser changes them', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, { starts_at: base.starts_at, ends_at: base.ends_at }, true);
    const [client, other] = [await person(), await person()];
    for (const p of [client, other]) await createTicket(s.app.db, eventId, p.id);

    // The programme: empty, then a track and a speech, then the speech moved and renamed.
    expect(await mobile(client.token, `/api/events/${eventId}/schedules?object=flow&show_children=1`)).toEqual([]);
    const track = { id: Number((await send(owner, 'schedule.track.set', { event_id: eventId, title: 'Main hall' })).ids![0]) };
    const fields = (title: string, from: number) => ({
      track,
      title,
      description: '',
      starts_at: base.starts_at + from * 60,
      ends_at: base.starts_at + (from + 30) * 60,
      presentation_url: 'https://slides.example/x',
      speakers: [{ name: 'Guest Speaker', picture: '' }],
    });
    const made = await send(owner, 'schedule.speech.set', { event_id: eventId, fields: fields('Opening', 0) });
    let flows = await mobile<{ speeches: { title: string; startDate: number }[] }[]>(
      client.token,
      `/api/events/${eventId}/schedules?object=flow&show_children=1&date=${day}`,
    );
    expect(flows).toEqual([
      expect.objectContaining({ title: 'Main hall', speeches: [expect.objectContaining({ title: 'Opening', presentation_url: 'https://slides.example/x' })] }),
    ]);
    await send(owner, 'schedule.speech.set', { event_id: eventId, speech: { id: Number(made.ids![0]) }, fields: fields('Opening keynote', 60) });
    flows = await mobile<typeof flows>(client.token, `/api/events/${eventId}/schedules?object=flow&show_children=1&date=${day}`);
    expect(flows[0]!.speeches.map((x) => [x.title, x.startDate])).toEqual([['Opening keynote', base.starts_at + 3600]]);

    // The slots and places of get-meeting-data follow the meeting settings.
    const data = () =>
      mobile<{ slot_minutes: number; meetingAllowTimes: { times: unknown[] } }>(
        client.token,
        `/api/meetings/get-meeting-data?event_id=${eventId}&user_id=${other.id}&date=${day}`,
      );
    expect((await data()).slot_minutes).toBe(15);
    await send(owner, 'meetings.settings.set', {
      event_id: eventId,
      settings: { slot_minutes: 20, tables: 3, windows: [{ day, from: '12:00', to: '13:00' }], places: [{ label: 'Lounge', tables: 0 }] },
      outside: 'refuse',
    });
    const after = await data();
    expect(after).toMatchObject({ dates: [day], slot_minutes: 20, tables_count: 3, placeItems: { 1: 'Lounge' } });
    expect(after.meetingAllowTimes.times).toHaveLength(3);

    // The stands of get-stands and the companies call, and one stand's page.
    expect((await mobile<{ results: unknown[] }>(client.token, `/api/events/get-stands?event_id=${eventId}`)).results).toEqual([]);
    const stand = await send(owner, 'stand.set', {
      event_id: eventId,
      fields: { name: 'Acme Robotics', location: 'B2', link: 'https://acme.example', description: 'Robots.', phone: '', email: '', logo: '', picture: '' },
    });
    await send(owner, 'stand.member.set', {
      event_id: eventId,
      stand: { id: Number(stand.ids![0]) },
      who: { user_id: other.id },
      position: 'CTO',
      is_manager: true,
    });
    const stands = await mobile<{ results: unknown[] }>(client.token, `/api/companies?event_id=${eventId}&with_users=true`);
    expect(stands.results).toEqual([
      expect.objectContaining({ name: 'Acme Robotics', users: [expect.objectContaining({ user_id: other.id, position: 'CTO' })] }),
    ]);
    const page = await mobile(other.token, `/api/events/get-stand?eventId=${eventId}&standId=${stand.ids![0]}`);
    expect(page).toMatchObject({ name: 'Acme Robotics', isManager: true });

    // The poster in the event's three sizes.
    const poster = await uploadPicture(s.app, owner, eventId, 'poster', 800, 600);
    await send(owner, 'event.poster', { event_id: eventId, poster: poster.data.url });
    expect(await mobile(client.token, `/api/events/${eventId}`)).toMatchObject({
      poster_small: `${poster.data.url}?size=small`,
      poster_middle: `${poster.data.url}?size=middle`,
      poster_big: `${poster.data.url}?size=big`,
    });
  });
});
