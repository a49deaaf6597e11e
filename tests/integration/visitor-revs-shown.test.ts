import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { markViewed, setFavorite } from '../../server/domain/events/service.ts';
import { checkin, uncheckin } from '../../server/domain/ticket-holders/registration.ts';

/**
 * A person's visitor document at an event is stamped in the visitors feed (visitor_revs) only when
 * something it shows changes (migration 061): a favourite or a viewed page re-sent nobody's
 * document before; a check-in still does.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

async function stamp(eventId: number, userId: number): Promise<number | null> {
  const row = await s.app.db.selectFrom('visitor_revs').select('rev').where('event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.rev) : null;
}

describe('the visitors feed stamps a person only for what their document shows', () => {
  it('a favourite and a viewed page leave the stamp; a check-in moves it', async () => {
    const event = await createEvent(s.app.db);
    const user = await createUser(s.app.db);
    await s.app.writer.run((trx) => checkin(trx, user.id, event.id));
    const checkedIn = await stamp(event.id, user.id);
    expect(checkedIn).not.toBeNull();

    await s.app.writer.run((trx) => setFavorite(trx, user.id, event.id, true));
    await s.app.writer.run((trx) => markViewed(trx, user.id, event.id));
    await s.app.writer.run((trx) => setFavorite(trx, user.id, event.id, false));
    expect(await stamp(event.id, user.id)).toBe(checkedIn);
    // The row itself did change: the person's own my_events document still gets a new rev.
    const row = await s.app.db
      .selectFrom('user_events')
      .select(['rev', 'is_favorite', 'viewed_at'])
      .where('event_id', '=', event.id)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.rev)).toBeGreaterThan(checkedIn!);
    expect(row.viewed_at).not.toBeNull();

    await s.app.writer.run((trx) => uncheckin(trx, user.id, event.id));
    expect(await stamp(event.id, user.id)).toBeGreaterThan(Number(row.rev));
  });

  it('a first relation to an event stamps the person, as before', async () => {
    const event = await createEvent(s.app.db);
    const user = await createUser(s.app.db);
    await s.app.writer.run((trx) => setFavorite(trx, user.id, event.id, true));
    expect(await stamp(event.id, user.id)).not.toBeNull();
  });
});
