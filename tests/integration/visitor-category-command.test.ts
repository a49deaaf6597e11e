import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../fixtures/suite.ts';
import { createMenuEvent, createUser } from '../fixtures/factories.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { command } from './chat-helpers.ts';

/**
 * visitor.category: a visitor sets their own category for an event through the outbox (the specs'
 * add-user-categories had no screen), and the visitors feed carries it to every device.
 */

const s = serverPerFile();
const menuEvent = () => createMenuEvent(s.app.db);

async function person(eventId?: number) {
  const u = await createUser(s.app.db);
  if (eventId) await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

async function myCard(token: string, eventId: number, userId: number) {
  const res = await s.app.inject({ url: `/sync/v1/visitors/pull?event_id=${eventId}&checkpoint=0&limit=1000`, headers: { authorization: `Bearer ${token}` } });
  return (res.json().documents as { user_id: number; menu_id: number; menu_name: string }[]).find((d) => d.user_id === userId);
}

describe('visitor.category', () => {
  it("sets, changes and clears the visitor's own category; the feed brings it", async () => {
    const ev = await menuEvent();
    const me = await person(ev);
    expect(await command(s.app, me.token, 'visitor.category', { event_id: ev, menu_id: 2 })).toMatchObject({ status: 'applied' });
    expect(await myCard(me.token, ev, me.id)).toMatchObject({ menu_id: 2 });
    expect(await command(s.app, me.token, 'visitor.category', { event_id: ev, menu_id: 1 })).toMatchObject({ status: 'applied' });
    expect(await myCard(me.token, ev, me.id)).toMatchObject({ menu_id: 1 });
    expect(await command(s.app, me.token, 'visitor.category', { event_id: ev, menu_id: null })).toMatchObject({ status: 'applied' });
    expect((await myCard(me.token, ev, me.id))?.menu_id).toBe(0);
  });

  it('refuses a category the event does not have, an outsider, and a malformed payload, changing nothing', async () => {
    const ev = await menuEvent();
    const me = await person(ev);
    const outsider = await person();
    expect(await command(s.app, me.token, 'visitor.category', { event_id: ev, menu_id: 9 })).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect(await command(s.app, outsider.token, 'visitor.category', { event_id: ev, menu_id: 1 })).toMatchObject({
      status: 'rejected',
      code: 'participation_required',
    });
    expect(await command(s.app, me.token, 'visitor.category', { event_id: ev, menu_id: 'x' })).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect(await command(s.app, me.token, 'visitor.category', { event_id: ev, menu_id: 1, user_id: outsider.id })).toMatchObject({
      status: 'rejected',
      code: 'invalid_input',
    });
    expect((await myCard(me.token, ev, me.id))?.menu_id).toBe(0);
  });
});
