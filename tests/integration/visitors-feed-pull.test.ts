import { describe, expect, it } from 'vitest';
import { SYNC_PULL_CHECKPOINT_HEADER, SYNC_PULL_COUNT_HEADER } from '../../contract/constants.ts';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { visitorsFeed } from '../../server/domain/visitors/feed.ts';
import { s, auth, type Doc, newUser, checkIn, byUser, serveVisitorsFeedFiles } from './visitors-feed-helpers.ts';

serveVisitorsFeedFiles();

describe('the pull route sends the visitors page the database wrote', () => {
  // Every character a name may hold but NUL (which PostgreSQL refuses), and some that JSON escapes.
  const odd = `${Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1)).join('')} é Київ 😀 \u2028\u2029 "q" \\ </script>`;

  it('answers the bytes JSON.stringify makes of the documents, whatever people wrote', async () => {
    const ev = (await createEvent(s.app.db)).id;
    await s.app.db
      .updateTable('events')
      .set({ options: JSON.stringify({ broadcast_background: '', menu: [{ id: 3, name: 'Press' }] }) })
      .where('id', '=', ev)
      .execute();
    const viewer = await newUser({ phone: '+48 111 111 111', hide_phone: true, show_email: false });
    await checkIn(ev, viewer.id);
    const odder = await newUser({
      first_name: odd,
      last_name: `${odd}!`,
      avatar: '/files/uploads/a "b".png',
      phone: odd,
      show_email: true,
      position: odd,
      company: '',
      help: odd,
      status: odd,
      show_status: 2,
      trip_status: 3,
      hobby: '1, 7,x',
      sex: 2,
      birth_year: 1970,
      social: JSON.stringify({
        vk: `vk ${odd}`,
        facebook: '',
        twitter: 5,
        gplus: null,
        linkedin: { x: 1 },
        odn: 'ok',
        telegram: ' ',
        instagram: 'é😀',
        unknown: 'x',
      }),
    });
    await checkIn(ev, odder.id, { role: 'speaker', menu_id: 3, about: odd, interest: odd, checked_in_at: new Date(-86_400_500) });
    // No city or country, no sex or birth year, no avatar, links of another kind, hidden trip plan.
    const bare = await newUser({ city_id: null, country_code: null, sex: null, birth_year: null, social: '[]', hide_trip_plan: true, trip_status: 2 });
    await createTicket(s.app.db, ev, bare.id);
    const owner = await newUser({ created_at: new Date(Date.UTC(2020, 0, 1, 0, 0, 0, 999)) });
    await s.app.db.insertInto('user_events').values({ event_id: ev, user_id: owner.id, is_owner: true }).execute();
    const hidden = await newUser({ hide_from_visitors: true });
    await checkIn(ev, hidden.id);

    const route = async (viewerToken: string | null, query: string) => {
      const res = await s.app.inject({ url: `/sync/v1/visitors/pull?event_id=${ev}${query}`, headers: viewerToken ? auth(viewerToken) : {} });
      return res;
    };
    for (const who of [viewer, odder, hidden]) {
      for (const [checkpoint, limit] of [
        [0, 500],
        [0, 2],
        [1, 3],
      ] as const) {
        const page = await visitorsFeed(s.app.db, { userId: who.id, checkpoint, limit, scope: { event_id: String(ev) } });
        const res = await route(who.token, `&checkpoint=${checkpoint}&limit=${limit}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toBe(JSON.stringify({ documents: page.documents, checkpoint: page.documents.at(-1)?.rev ?? checkpoint }));
        expect(res.headers[SYNC_PULL_COUNT_HEADER]).toBe(String(page.documents.length));
        expect(res.headers[SYNC_PULL_CHECKPOINT_HEADER]).toBe(String(page.documents.at(-1)?.rev ?? checkpoint));
      }
    }
    // The odd person's document came through whole: the text above is not equal by being empty.
    // (Read without pull(): what is stored here is more than the collection's schema lets through.)
    const all = (await visitorsFeed(s.app.db, { userId: viewer.id, checkpoint: 0, limit: 500, scope: { event_id: String(ev) } })).documents as Doc[];
    expect(byUser(all).get(odder.id)).toMatchObject({
      first_name: odd,
      social: { vk: `vk ${odd}`, odn: 'ok', telegram: ' ', instagram: 'é😀' },
      menu_id: 3,
      role: 'speaker',
      registered_at: -86_401,
    });
    expect(Object.keys(byUser(all).get(odder.id)!.social)).toEqual(['vk', 'odn', 'telegram', 'instagram']);
    expect(byUser(all).get(bare.id)).toMatchObject({ city_id: 0, city_name: '', country_code: '', sex: 0, birth_year: 0, social: {}, trip_status: 0 });
    expect(byUser(all).get(owner.id)).toMatchObject({ role: 'organizer', registered_at: Date.UTC(2020, 0, 1) / 1000 });

    // A caught-up pull keeps the checkpoint it was asked with; refusals are the feed's.
    const caughtUp = (JSON.parse((await route(viewer.token, '&checkpoint=1')).body) as { checkpoint: number }).checkpoint;
    expect((await route(viewer.token, `&checkpoint=${caughtUp}`)).body).toBe(JSON.stringify({ documents: [], checkpoint: caughtUp }));
    expect((await route(null, '')).statusCode).toBe(401);
    expect((await s.app.inject({ url: '/sync/v1/visitors/pull', headers: auth(viewer.token) })).statusCode).toBe(400);
    // Another first character: a token that already began with x stayed valid (1 run in 64).
    const forged = viewer.token.replace(/./, (c) => (c === 'x' ? 'y' : 'x'));
    expect((await route(forged, '')).statusCode).toBe(401);
    const outsider = await newUser();
    expect((await route(outsider.token, '')).statusCode).toBe(403);
    expect((await s.app.inject({ url: '/sync/v1/visitors/pull?event_id=999999', headers: auth(viewer.token) })).statusCode).toBe(404);
  });

  it('says in the headers of any feed how many documents the page holds and where it ends', async () => {
    await createEvent(s.app.db);
    await createEvent(s.app.db);
    const res = await s.app.inject({ url: '/sync/v1/events/pull?checkpoint=0&limit=1' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { documents: unknown[]; checkpoint: number };
    expect(body.documents).toHaveLength(1);
    expect(res.headers[SYNC_PULL_COUNT_HEADER]).toBe('1');
    expect(res.headers[SYNC_PULL_CHECKPOINT_HEADER]).toBe(String(body.checkpoint));
  });
});
