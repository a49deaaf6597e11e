import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

/** A track and its speeches, or a day and its tracks, as far as these tests read them. */
interface Speech {
  id: number;
  title: string;
  presentation_url: string;
}
interface Track {
  title: string;
  speeches: Speech[];
}
interface Day {
  date: string;
  flows: Track[];
}
/** `T` is what the call's data holds: tracks, days, or something only compared whole. */
async function get<T = unknown>(url: string, token?: string) {
  const res = await s.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { http: res.statusCode, body: res.json() as Envelope<T> };
}

const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A two-day programme with two tracks; speeches are inserted out of order on purpose. */
async function programme() {
  const db = s.app.db;
  const event = await createEvent(db, { starts_in_hours: 24 * 10 });
  const speakerA = await createUser(db, { first_name: 'Ada', last_name: 'Lovelace' });
  const speakerB = await createUser(db, { first_name: 'Alan', last_name: 'Turing' });
  const closed = await createUser(db, { first_name: 'Gone', last_name: 'User' });
  await db.updateTable('users').set({ avatar: '/media/ada.png' }).where('id', '=', speakerA.id).execute();
  await db.updateTable('users').set({ disabled: true }).where('id', '=', closed.id).execute();
  await db
    .insertInto('schedule_days')
    .values([
      { event_id: event.id, date: '2031-05-02', title: 'Workshops' },
      { event_id: event.id, date: '2031-05-01', title: 'Talks' },
    ])
    .execute();
  const main = await db.insertInto('tracks').values({ event_id: event.id, title: 'Main hall', sort: 1 }).returning('id').executeTakeFirstOrThrow();
  const side = await db.insertInto('tracks').values({ event_id: event.id, title: 'Side room', sort: 2 }).returning('id').executeTakeFirstOrThrow();
  const empty = await db.insertInto('tracks').values({ event_id: event.id, title: 'Empty', sort: 3 }).returning('id').executeTakeFirstOrThrow();
  const speech = (track: number, date: string, from: string, to: string, title: string, url = '') =>
    db
      .insertInto('speeches')
      .values({
        event_id: event.id,
        track_id: track,
        day_date: date,
        title,
        description: `${title} text`,
        starts_at: at(date, from),
        ends_at: at(date, to),
        presentation_url: url,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const late = await speech(main.id, '2031-05-01', '15:00', '16:00', 'Afternoon', 'https://slides.example/afternoon');
  const early = await speech(main.id, '2031-05-01', '09:30', '10:15', 'Keynote', 'https://slides.example/keynote');
  const side1 = await speech(side.id, '2031-05-01', '11:00', '11:45', 'Side talk');
  const day2 = await speech(main.id, '2031-05-02', '10:00', '12:00', 'Workshop');
  const undeclared = await speech(side.id, '2031-05-03', '10:00', '11:00', 'Bonus');
  const removed = await speech(main.id, '2031-05-01', '12:00', '13:00', 'Cancelled talk');
  await db.updateTable('speeches').set({ deleted: true }).where('id', '=', removed.id).execute();
  await db
    .insertInto('speech_speakers')
    .values([
      { speech_id: early.id, user_id: speakerB.id, sort: 2 },
      { speech_id: early.id, user_id: speakerA.id, sort: 1 },
      { speech_id: early.id, user_id: closed.id, sort: 3 },
    ])
    .execute();
  return { event, main, side, empty, late, early, side1, day2, undeclared, speakerA, speakerB };
}

describe('GET /api/events/:eventId/schedules', () => {
  it('lists the days, declared ones with their titles and undeclared speech days too', async () => {
    const p = await programme();
    const res = await get(`/api/events/${p.event.id}/schedules?object=day&show_children=0&lang=uk`);
    expect(res).toMatchObject({ http: 200, body: { status_code: 200 } });
    expect(res.body.data).toEqual([
      { date: '2031-05-01', title: 'Talks' },
      { date: '2031-05-02', title: 'Workshops' },
      { date: '2031-05-03', title: '' },
    ]);
    expect((await get(`/api/events/${p.event.id}/schedules`)).body.data).toEqual(res.body.data);
  });

  it('gives the tracks of a day with speeches in time-of-day order and their speakers', async () => {
    const p = await programme();
    const res = await get<Track[]>(`/api/events/${p.event.id}/schedules?object=flow&show_children=1&date=2031-05-01`);
    const tracks = res.body.data;
    expect(tracks.map((t) => t.title)).toEqual(['Main hall', 'Side room']);
    expect(tracks[0]!.speeches.map((x) => x.title)).toEqual(['Keynote', 'Afternoon']);
    expect(tracks[0]!.speeches[0]).toEqual({
      id: p.early.id,
      title: 'Keynote',
      description: 'Keynote text',
      startDate: unix(at('2031-05-01', '09:30')),
      endDate: unix(at('2031-05-01', '10:15')),
      timezone: 'Europe/Kyiv',
      day: { date: '2031-05-01' },
      presentation_url: '',
      speakers: [
        { user_id: p.speakerA.id, name: 'Ada Lovelace', avatar: '/media/ada.png' },
        { user_id: p.speakerB.id, name: 'Alan Turing', avatar: `/files/avatars/${p.speakerB.id}.svg` },
      ],
    });
    expect(tracks[1]!.speeches.map((x) => x.id)).toEqual([p.side1.id]);

    const allDays = await get<Track[]>(`/api/events/${p.event.id}/schedules?object=flow&show_children=1`);
    expect(allDays.body.data.map((t) => t.title)).toEqual(['Main hall', 'Side room', 'Empty']);
    expect(allDays.body.data[0]!.speeches.map((x) => x.title)).toEqual(['Keynote', 'Afternoon', 'Workshop']);
    expect((await get(`/api/events/${p.event.id}/schedules?object=flow&show_children=0`)).body.data).toEqual([
      { id: p.main.id, title: 'Main hall' },
      { id: p.side.id, title: 'Side room' },
      { id: p.empty.id, title: 'Empty' },
    ]);
    const nested = await get<Day[]>(`/api/events/${p.event.id}/schedules?object=day&show_children=1`);
    expect(nested.body.data.map((d) => [d.date, d.flows.map((f) => f.speeches.length)])).toEqual([
      ['2031-05-01', [2, 1]],
      ['2031-05-02', [1]],
      ['2031-05-03', [1]],
    ]);
  });

  it('shows presentation links to participants only', async () => {
    const p = await programme();
    const url = `/api/events/${p.event.id}/schedules?object=flow&show_children=1&date=2031-05-01`;
    const slides = (body: Envelope<Track[]>) => body.data[0]!.speeches.map((x) => x.presentation_url);
    const visitor = await createUser(s.app.db);
    const { token } = await login(s.app, visitor.email);
    expect(slides((await get<Track[]>(url)).body)).toEqual(['', '']);
    expect(slides((await get<Track[]>(url, token)).body)).toEqual(['', '']);
    await createTicket(s.app.db, p.event.id, visitor.id);
    expect(slides((await get<Track[]>(url, token)).body)).toEqual(['https://slides.example/keynote', 'https://slides.example/afternoon']);
  });

  it('refuses malformed input and answers unknown and removed events', async () => {
    const p = await programme();
    for (const q of ['object=week', 'date=2031-5-1', 'date=2031-02-30', "date=2031-05-01'--", 'show_children=yes']) {
      expect((await get(`/api/events/${p.event.id}/schedules?object=flow&${q}`)).body, q).toMatchObject({ status_code: 400, error: 'invalid_input' });
    }
    expect((await get('/api/events/abc/schedules')).body).toMatchObject({ status_code: 400 });
    expect((await get('/api/events/1999999999/schedules')).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', p.event.id).execute();
    expect((await get(`/api/events/${p.event.id}/schedules`)).body).toMatchObject({ status_code: 404, error: 'event_removed' });
  });
});
