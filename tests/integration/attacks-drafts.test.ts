import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { command } from './chat-helpers.ts';

/**
 * The second review's finding 7 (docs/QUALITY.md): drafts leaked. `referral.claim` recorded a
 * referral to any event id and `/api/referrals` then named it, drafts included; the `.ics` feed
 * kept serving an event's content to the people registered for it after it went back to a draft.
 * What a reviewer tries next: the drawn poster (it carries the event's name, public, by id) and the
 * drawn avatar (its label carried the person's full name, for any user id).
 */

const s = serverPerFile();

async function person(eventId?: number) {
  const u = await createUser(s.app.db, { first_name: 'Secretive', last_name: 'Stranger' });
  if (eventId !== undefined) {
    await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
  }
  const code = (await s.app.db.selectFrom('users').select('referral_code').where('id', '=', u.id).executeTakeFirstOrThrow()).referral_code;
  return { id: u.id, token: await createSession(s.app.db, u.id), code };
}

const toDraft = (eventId: number) => s.app.db.updateTable('events').set({ status: 'draft' }).where('id', '=', eventId).execute();
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function referralNames(token: string): Promise<string[]> {
  const res = await s.app.inject({ url: '/api/referrals', headers: auth(token) });
  return (res.json().data.events as { name: string }[]).map((e) => e.name);
}

describe('drafts stay their organisers’ (finding 7)', () => {
  it('are never recorded as referrals, and an event taken back to a draft leaves the referrer’s page', async () => {
    const secret = (await createEvent(s.app.db, { name: 'Secret Launch 2031' })).id;
    await toDraft(secret);
    const referrer = await person();
    const friend = await person();
    // Any event id, a draft's too, is claimed like any other: the answer tells nothing.
    expect(await command(s.app, friend.token, 'referral.claim', { code: referrer.code, event_id: secret })).toMatchObject({ status: 'applied' });
    expect(await referralNames(referrer.token)).not.toContain('Secret Launch 2031');
    expect(await s.app.db.selectFrom('referrals').select('event_id').where('event_id', '=', secret).execute()).toEqual([]);

    const open = (await createEvent(s.app.db, { name: 'Open Day' })).id;
    expect(await command(s.app, friend.token, 'referral.claim', { code: referrer.code, event_id: open })).toMatchObject({ status: 'applied' });
    expect(await referralNames(referrer.token)).toEqual(['Open Day']);
    await s.app.db.updateTable('events').set({ status: 'draft', name: 'Open Day, renamed in secret' }).where('id', '=', open).execute();
    expect(await referralNames(referrer.token)).toEqual([]);
  });

  it('leave the calendar feed of people registered before it went back to a draft, with its speeches and meetings', async () => {
    const ev = (await createEvent(s.app.db, { name: 'Harbour Summit', starts_in_hours: 2, duration_hours: 24 })).id;
    const anna = await person(ev);
    const e = await s.app.db.selectFrom('events').select(['starts_at']).where('id', '=', ev).executeTakeFirstOrThrow();
    const track = await s.app.db.insertInto('tracks').values({ event_id: ev, title: 'Main hall' }).returning('id').executeTakeFirstOrThrow();
    const start = new Date(e.starts_at.getTime() + 3600_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(start);
    const speech = await s.app.db
      .insertInto('speeches')
      .values({
        event_id: ev,
        track_id: track.id,
        day_date: day,
        title: 'Keynote of the secret',
        starts_at: start,
        ends_at: new Date(start.getTime() + 1800_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await command(s.app, anna.token, 'speech.star', { event_id: ev, speech_id: speech.id, starred: true })).toMatchObject({ status: 'applied' });
    const token = randomBytes(32).toString('base64url');
    expect(await command(s.app, anna.token, 'calendar.feed', { token })).toMatchObject({ status: 'applied' });
    const feed = async () => (await s.app.inject({ url: `/calendar/feed.ics?token=${token}` })).body;
    expect(await feed()).toContain('Harbour Summit');
    expect(await feed()).toContain('Keynote of the secret');

    await s.app.db.updateTable('events').set({ status: 'draft', name: 'Harbour Summit (moved)', description: 'Not yet public' }).where('id', '=', ev).execute();
    const after = await feed();
    expect(after).toContain('BEGIN:VCALENDAR');
    expect(after).not.toContain('Harbour Summit');
    expect(after).not.toContain('Keynote of the secret');
    expect(after).not.toContain('Not yet public');

    // Published again, it comes back.
    await s.app.db.updateTable('events').set({ status: 'published' }).where('id', '=', ev).execute();
    expect(await feed()).toContain('Harbour Summit (moved)');
  });

  it('are not registered for, favourited or starred by anybody but their organisers, whose id tried at random would otherwise make them a participant', async () => {
    const ev = await createEvent(s.app.db, { name: 'Quiet Preview', is_free: true, starts_in_hours: 2, duration_hours: 24 });
    await toDraft(ev.id);
    const owner = await person();
    await s.app.db.insertInto('user_events').values({ event_id: ev.id, user_id: owner.id, is_owner: true }).execute();
    const track = await s.app.db.insertInto('tracks').values({ event_id: ev.id, title: 'Main' }).returning('id').executeTakeFirstOrThrow();
    const speech = await s.app.db
      .insertInto('speeches')
      .values({
        event_id: ev.id,
        track_id: track.id,
        day_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date(Date.now() + 3 * 3600_000)),
        title: 'Secret talk',
        starts_at: new Date(Date.now() + 3 * 3600_000),
        ends_at: new Date(Date.now() + 4 * 3600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stranger = await person();
    const refused = { status: 'rejected', code: 'event_not_found' };
    expect(await command(s.app, stranger.token, 'event.checkin', { event_id: ev.id })).toMatchObject(refused);
    expect(await command(s.app, stranger.token, 'event.favorite', { event_id: ev.id, favorite: true })).toMatchObject(refused);
    expect(await command(s.app, stranger.token, 'speech.star', { event_id: ev.id, speech_id: speech.id, starred: true })).toMatchObject(refused);
    // The specs' calls answer as for an event that does not exist, and leave nothing behind.
    const legacy = await s.app.inject({ method: 'POST', url: '/api/events/checkin', headers: auth(stranger.token), payload: { event_id: ev.id } });
    expect(legacy.json()).toMatchObject({ status_code: 404, data: null });
    const rows = await s.app.db.selectFrom('user_events').select('user_id').where('event_id', '=', ev.id).where('user_id', '=', stranger.id).execute();
    expect(rows).toEqual([]);
    expect(await s.app.db.selectFrom('tickets').select('id').where('event_id', '=', ev.id).execute()).toEqual([]);

    // Its organisers may, and once it is published, so may anybody.
    expect(await command(s.app, owner.token, 'event.favorite', { event_id: ev.id, favorite: true })).toMatchObject({ status: 'applied' });
    await s.app.db.updateTable('events').set({ status: 'published' }).where('id', '=', ev.id).execute();
    expect(await command(s.app, stranger.token, 'event.checkin', { event_id: ev.id })).toMatchObject({ status: 'applied' });
    expect(await command(s.app, stranger.token, 'speech.star', { event_id: ev.id, speech_id: speech.id, starred: true })).toMatchObject({ status: 'applied' });
  });

  it('keeps a draft’s drawn poster from everybody but its organisers, and out of shared caches', async () => {
    const ev = (await createEvent(s.app.db, { name: 'Unannounced Gala' })).id;
    await toDraft(ev);
    const owner = await person();
    await s.app.db.insertInto('user_events').values({ event_id: ev, user_id: owner.id, is_owner: true, role: 'organizer' }).execute();
    const stranger = await person(ev);
    const url = `/files/posters/${ev}.svg`;
    for (const headers of [{}, auth(stranger.token)]) {
      const res = await s.app.inject({ url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Unannounced');
    }
    const mine = await s.app.inject({ url, headers: auth(owner.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Unannounced Gala');
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('labels a drawn avatar with initials only, not the full name of any user id', async () => {
    const shy = await person();
    await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', shy.id).execute();
    const res = await s.app.inject({ url: `/files/avatars/${shy.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Secretive');
    expect(res.body).not.toContain('Stranger');
    expect(res.body).toContain('SS');
  });
});
