import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { OwnTrip } from '../../contract/trips.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { command, pngImage } from './chat-helpers.ts';

/**
 * The trip plan editor (issue 16): trip.save edits the texts through the outbox, the plan travels in
 * the user's my_events document, the picture is uploaded and removed through the legacy call, and
 * other people still read plans through the legacy list with its privacy switches.
 */

const s = serverPerFile();

async function person(eventId: number | null) {
  const u = await createUser(s.app.db);
  if (eventId) await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

async function ownTrip(token: string, eventId: number): Promise<OwnTrip | undefined> {
  const res = await s.app.inject({ url: '/sync/v1/my_events/pull?checkpoint=0&limit=100', headers: { authorization: `Bearer ${token}` } });
  return (res.json().documents as { event_id: number; trip: OwnTrip }[]).find((d) => d.event_id === eventId)?.trip;
}

async function upload(eventId: number, token: string, query: string, image?: Buffer) {
  const fd = new FormData();
  if (image) fd.append('img', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'plan.png');
  const r = new Response(fd);
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/trip-plan?${query}`,
    payload: Buffer.from(await r.arrayBuffer()),
    headers: { 'content-type': r.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
  return res.json();
}

describe('trip.save', () => {
  it('saves the changed texts, keeps the others, and the my_events document carries the plan', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const me = await person(ev);
    expect(await ownTrip(me.token, ev)).toEqual({ hotel: '', transport_before: '', transport_after: '', image: '' });
    expect(await command(s.app, me.token, 'trip.save', { event_id: ev, transport_before: 'Night train 743', hotel: 'Hotel Ukraine' })).toMatchObject({
      status: 'applied',
    });
    expect(await command(s.app, me.token, 'trip.save', { event_id: ev, transport_after: 'Flight on Sunday' })).toMatchObject({ status: 'applied' });
    expect(await ownTrip(me.token, ev)).toEqual({
      hotel: 'Hotel Ukraine',
      transport_before: 'Night train 743',
      transport_after: 'Flight on Sunday',
      image: '',
    });

    // The specs' clients read the same plan.
    const legacy = await s.app.inject({ url: `/api/events/${ev}/trips`, headers: { authorization: `Bearer ${me.token}` } });
    expect(legacy.json().data.results[0].trip).toMatchObject({ hotel: 'Hotel Ukraine', transportBefore: 'Night train 743' });
  });

  it('refuses a non-participant, an empty change, a text over the limit and foreign fields, changing nothing', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const me = await person(ev);
    const outsider = await person(null);
    expect(await command(s.app, outsider.token, 'trip.save', { event_id: ev, hotel: 'Somewhere' })).toMatchObject({
      status: 'rejected',
      code: 'participation_required',
    });
    for (const payload of [
      { event_id: ev },
      { event_id: ev, hotel: 'x'.repeat(501) },
      { event_id: ev, hotel: 'A', image: 'x.png' },
      { event_id: ev, hotel: 'A', user_id: outsider.id },
    ]) {
      expect(await command(s.app, me.token, 'trip.save', payload), JSON.stringify(payload).slice(0, 60)).toMatchObject({
        status: 'rejected',
        code: 'invalid_input',
      });
    }
    expect(await ownTrip(me.token, ev)).toEqual({ hotel: '', transport_before: '', transport_after: '', image: '' });
  });
});

describe('the picture', () => {
  it('is uploaded and removed through the legacy call; the document follows and the file goes', async () => {
    const ev = (await createEvent(s.app.db)).id;
    const me = await person(ev);
    await command(s.app, me.token, 'trip.save', { event_id: ev, hotel: 'Hotel Ukraine' });
    const saved = await upload(ev, me.token, 'save=1', await pngImage(12, 8));
    expect(saved.status_code).toBe(200);
    const trip = await ownTrip(me.token, ev);
    expect(trip?.hotel).toBe('Hotel Ukraine');
    expect(trip?.image).toMatch(/^\/api\/events\/trip-images\/[a-f0-9]{32}\.png$/);
    const file = path.join(s.app.config.dataDir, 'uploads', 'trips', trip!.image.split('/').pop()!);
    expect(fs.existsSync(file)).toBe(true);

    const removed = await upload(ev, me.token, 'save=1&remove_img=1');
    expect(removed.status_code).toBe(200);
    expect((await ownTrip(me.token, ev))?.image).toBe('');
    expect(fs.existsSync(file)).toBe(false);
    expect((await ownTrip(me.token, ev))?.hotel).toBe('Hotel Ukraine');
  });
});
