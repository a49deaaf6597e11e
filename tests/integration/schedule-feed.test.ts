import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';

/**
 * The `schedule` change feed (server/domain/schedule/feed.ts): one document per speech with its day
 * and track, presentation links only for participants, revs that move when a track is renamed or
 * the viewer's standing changes, tombstones for deleted speeches, pages that never split equal revs.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

type Doc = Record<string, unknown>;
async function pull(eventId: number | string, checkpoint = 0, token?: string, limit = 100) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/sync/v1/schedule/pull?checkpoint=${checkpoint}&limit=${limit}&event_id=${eventId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { http: res.statusCode, body: res.json() as { documents: Doc[]; checkpoint?: unknown } };
}
const maxRev = (docs: Doc[]) => Math.max(0, ...docs.map((d) => d.rev as number));
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`);

async function programme() {
  const db = s.app.db;
  const event = await createEvent(db, { is_free: false });
  const speaker = await createUser(db, { first_name: 'Ada', last_name: 'Lovelace' });
  await db.insertInto('schedule_days').values({ event_id: event.id, date: '2031-05-01', title: 'Talks' }).execute();
  const main = await db.insertInto('tracks').values({ event_id: event.id, title: 'Main hall', sort: 1 }).returning('id').executeTakeFirstOrThrow();
  const side = await db.insertInto('tracks').values({ event_id: event.id, title: 'Side room', sort: 2 }).returning('id').executeTakeFirstOrThrow();
  const speech = (track: number, from: string, title: string, url = '') =>
    db
      .insertInto('speeches')
      .values({
        event_id: event.id,
        track_id: track,
        day_date: '2031-05-01',
        title,
        description: '',
        starts_at: at('2031-05-01', from),
        ends_at: at('2031-05-01', from.replace(':00', ':45')),
        presentation_url: url,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const keynote = await speech(main.id, '09:00', 'Keynote', 'https://slides.example/k');
  const second = await speech(main.id, '10:00', 'Second');
  const side1 = await speech(side.id, '11:00', 'Side talk');
  await db.insertInto('speech_speakers').values({ speech_id: keynote.id, user_id: speaker.id, sort: 1 }).execute();
  return { event, main, side, keynote, second, side1, speaker };
}

describe('schedule feed', () => {
  it('gives guests the programme without presentation links, with day, track and speakers', async () => {
    const p = await programme();
    const res = await pull(p.event.id);
    expect(res.http).toBe(200);
    const keynote = res.body.documents.find((d) => d.speech_id === p.keynote.id)!;
    expect(keynote).toMatchObject({
      id: String(p.keynote.id),
      event_id: p.event.id,
      day_date: '2031-05-01',
      day_title: 'Talks',
      track_id: p.main.id,
      track_title: 'Main hall',
      track_sort: 0,
      starts_at: Math.floor(at('2031-05-01', '09:00').getTime() / 1000),
      title: 'Keynote',
      presentation_url: '',
      deleted: false,
      speakers: [{ user_id: p.speaker.id, name: 'Ada Lovelace', avatar: `/files/avatars/${p.speaker.id}.svg` }],
    });
    expect(res.body.documents).toHaveLength(3);
  });

  it('gives a ticket holder the links, and re-sends them when the ticket is bought', async () => {
    const p = await programme();
    const buyer = await createUser(s.app.db);
    const { token } = await login(s.app, buyer.email);
    const before = await pull(p.event.id, 0, token);
    expect(before.body.documents.find((d) => d.speech_id === p.keynote.id)!.presentation_url).toBe('');
    await createTicket(s.app.db, p.event.id, buyer.id);
    const after = await pull(p.event.id, maxRev(before.body.documents), token);
    expect(after.body.documents.find((d) => d.speech_id === p.keynote.id)?.presentation_url).toBe('https://slides.example/k');
  });

  it('re-sends a renamed track with its speeches, and tombstones deleted speeches', async () => {
    const p = await programme();
    const first = await pull(p.event.id);
    const cp = maxRev(first.body.documents);
    await s.app.db.updateTable('tracks').set({ title: 'Great hall' }).where('id', '=', p.main.id).execute();
    await s.app.db.updateTable('speeches').set({ deleted: true }).where('id', '=', p.side1.id).execute();
    const next = await pull(p.event.id, cp);
    const byId = new Map(next.body.documents.map((d) => [d.speech_id, d]));
    expect(byId.get(p.keynote.id)).toMatchObject({ track_title: 'Great hall', deleted: false });
    expect(byId.get(p.second.id)).toMatchObject({ track_title: 'Great hall' });
    expect(byId.get(p.side1.id)).toMatchObject({ deleted: true });
    expect((await pull(p.event.id, maxRev(next.body.documents))).body.documents).toEqual([]);
  });

  it('never ends a page inside a group of equal revs', async () => {
    const p = await programme();
    await s.app.db.updateTable('tracks').set({ title: 'Renamed' }).where('id', '=', p.main.id).execute();
    const page = await pull(p.event.id, 0, undefined, 1);
    // keynote and second share the track's new rev: both come, although the limit is 1.
    const revs = page.body.documents.map((d) => d.rev);
    expect(new Set(revs).size).toBe(1);
    const rest = await pull(p.event.id, maxRev(page.body.documents), undefined, 1);
    const all = [...page.body.documents, ...rest.body.documents].map((d) => d.speech_id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('answers 404 for an unknown event and 400 for a bad event_id', async () => {
    expect((await pull(2147483000)).http).toBe(404);
    expect((await pull('abc')).http).toBe(400);
  });
});
