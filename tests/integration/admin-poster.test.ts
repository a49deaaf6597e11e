import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { adminKit, auth, uploadPicture } from './admin-helpers.ts';
import { form } from './chat-helpers.ts';

/**
 * Posters through the upload path and the command path: re-encoded in the specs' three sizes,
 * put on the event by a command that takes only this event's posters, shown by the event
 * documents and the legacy event read; uploads refused to anybody who may not make them.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());
const { person, send, pull, newEvent, legacy } = adminKit(() => s);

const widthOf = async (url: string) => {
  const res = await s.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return (await sharp(res.rawPayload).metadata()).width;
};

describe('posters', () => {
  it('are uploaded in three sizes and put on the event for every device and the legacy read', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, {}, true);
    const poster = await uploadPicture(s.app, owner, eventId, 'poster', 2400, 1200);
    expect(poster.status_code).toBe(200);
    const url = poster.data.url as string;
    expect([await widthOf(`${url}?size=small`), await widthOf(`${url}?size=middle`), await widthOf(`${url}?size=big`)]).toEqual([400, 960, 1920]);

    expect(await send(owner, 'event.poster', { event_id: eventId, poster: url })).toMatchObject({ status: 'applied' });
    const visitor = await person();
    const doc = (await pull(visitor, 'events')).documents.find((d) => d.event_id === eventId)!;
    expect(doc).toMatchObject({ poster_small: `${url}?size=small`, poster_middle: `${url}?size=middle`, poster_big: `${url}?size=big` });
    expect((await legacy(visitor, `/api/events/${eventId}`)).data).toMatchObject({ poster_big: `${url}?size=big` });

    // Only this event's posters: not a logo, not another event's, not any other address.
    const logo = await uploadPicture(s.app, owner, eventId, 'logo');
    const other = await newEvent(owner);
    const theirs = await uploadPicture(s.app, owner, other, 'poster');
    for (const bad of [logo.data.url, theirs.data.url, 'https://elsewhere.example/p.png', '/files/posters/1.svg']) {
      expect(await send(owner, 'event.poster', { event_id: eventId, poster: bad }), bad).toMatchObject({ status: 'rejected', code: 'invalid_image' });
    }
    expect(await send(owner, 'event.poster', { event_id: eventId, poster: '' })).toMatchObject({ status: 'applied' });
    expect((await pull(visitor, 'events')).documents.find((d) => d.event_id === eventId)).toMatchObject({
      poster_big: `/files/posters/${eventId}.svg?size=big`,
    });
  });

  it('are uploaded only by the event’s organisers, and only as real pictures', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, {}, true);
    const stranger = await person();
    expect(await uploadPicture(s.app, stranger, eventId, 'poster')).toMatchObject({ error: 'organiser_required' });
    expect(await uploadPicture(s.app, owner, 999999, 'poster')).toMatchObject({ error: 'event_not_found' });
    const { payload, headers } = await form({ kind: 'poster' }, { data: Buffer.from('<svg onload="alert(1)"></svg>'), type: 'image/png' });
    const res = await s.app.inject({ method: 'POST', url: `/api/admin/events/${eventId}/pictures`, headers: { ...headers, ...auth(owner.token) }, payload });
    expect(res.json()).toMatchObject({ error: 'invalid_image' });
    const { payload: p2, headers: h2 } = await form({ kind: 'banner' }, { data: Buffer.from('x') });
    expect(
      (await s.app.inject({ method: 'POST', url: `/api/admin/events/${eventId}/pictures`, headers: { ...h2, ...auth(owner.token) }, payload: p2 })).json(),
    ).toMatchObject({
      error: 'invalid_input',
    });
    expect((await s.app.inject({ method: 'GET', url: '/files/uploads/event-pictures/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
  });
});
