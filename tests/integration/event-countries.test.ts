import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { countryIdOf } from '../../contract/visitors.ts';

/** The event's "visitors from" counts must name countries by the same ids the visitors filter takes. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('visitors countries of an event', () => {
  it('uses countryIdOf ids, so choosing one filters the visitors list to that country', async () => {
    const event = await createEvent(s.app.db);
    const ua = await createUser(s.app.db, { country_code: 'UA', city_id: 1 });
    const pl = await createUser(s.app.db, { country_code: 'PL', city_id: 2 });
    const at = new Date().toISOString();
    for (const u of [ua, pl]) {
      const { token } = await login(s.app, u.email);
      const res = await s.app.inject({
        method: 'POST',
        url: '/sync/v1/commands',
        headers: { authorization: `Bearer ${token}` },
        payload: { commands: [{ id: `join-${u.id}-000000`, kind: 'event.checkin', payload: { event_id: event.id }, occurredAt: at }] },
      });
      expect(res.json().results[0].status).toBe('applied');
    }
    const pull = (await s.app.inject({ url: '/sync/v1/events/pull?checkpoint=0' })).json();
    const doc = pull.documents.find((d: { event_id: number }) => d.event_id === event.id);
    const ids = doc.visitors_countries.map((c: { id: number }) => c.id).sort();
    expect(ids).toEqual([countryIdOf('PL'), countryIdOf('UA')].sort());

    const { token } = await login(s.app, ua.email);
    const list = await s.app.inject({
      url: `/api/events/get-event-people?event_id=${event.id}&user_country_id=${countryIdOf('PL')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const people = list.json().data.results.map((r: { user_id?: number; id?: number }) => r.user_id ?? r.id);
    expect(people).toEqual([pl.id]);
  });
});
