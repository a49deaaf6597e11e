import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFields } from '../fixtures/event-fields.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { salesKit } from './sales-helpers.ts';

/**
 * The ticket widget's two answers are the only ones other sites may read (server/routes/widget):
 * the script any page may load, and the event's public offer it fetches without cookies. Every
 * other answer keeps the app's same-origin resource policy, and the app still may not be framed.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const kit = salesKit(() => s.app);

describe('the ticket widget', () => {
  it('serves its script to any site, and nothing else loosens', async () => {
    const js = await s.app.inject({ method: 'GET', url: '/js/widget-tickets.js', headers: { origin: 'https://conference.example' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(js.body).toContain('FoyerTickets');
    // The rest of the API and the app's pages keep the strict policy.
    const other = await s.app.inject({ method: 'GET', url: '/api/events/events-list' });
    expect(other.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(js.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('answers the event’s offer to any origin, without cookies, in the widget’s language', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    await kit.setSettings(owner, eventId, { currency: 'UAH' });
    await kit.addType(owner, eventId, { name: 'Стандарт', price: 4500, quota: 5 });
    await kit.addType(owner, eventId, { name: 'Secret', price: 0, hidden: true });
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/widget/events/${eventId}?lang=uk`,
      headers: { origin: 'https://conference.example', authorization: `Bearer ${owner.token}` },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json();
    expect(body.status_code).toBe(200);
    expect(body.data.labels.buy).toBe('Купити квитки');
    expect(body.data.types).toEqual([{ name: 'Стандарт', state: 'on_sale', price_label: expect.stringMatching(/4\s500\s₴/), state_label: 'Лишилося: 5' }]);

    const now = Math.floor(Date.now() / 1000);
    const draft = await kit.send(owner, 'event.create', {
      fields: eventFields({ name: 'Draft', starts_at: now + 86_400, ends_at: now + 2 * 86_400, is_free: true }),
    });
    const hidden = await s.app.inject({ method: 'GET', url: `/api/widget/events/${draft.ids![0]}` });
    expect(hidden.json()).toMatchObject({ status_code: 404, error: 'event_not_found' });
  });
});
