import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { blankPromoCode } from '../../contract/promo.ts';
import { salesRace } from './sales-race.ts';

/**
 * A promo code's use limit holds under races (issue 30): 40 people check out with a code limited to
 * 7 uses at the same moment, through two server instances on one PostgreSQL database. Exactly 7
 * orders are discounted, each of the others is told the code is used up and orders nothing, and
 * the code counts 7 uses. Always PostgreSQL: an embedded PGlite belongs to one process.
 */

const { kit, db, rush } = salesRace();

describe('a promo code limited to 7 uses, typed by 40 buyers at once on two instances', () => {
  it('discounts exactly 7 orders; the others are told it is used up and order nothing', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    await kit.setSettings(owner, eventId);
    const typeId = await kit.addType(owner, eventId, { name: 'Pass', price: 800, quota: 500 });
    const saved = await kit.send(owner, 'promo_code.save', { event_id: eventId, fields: { ...blankPromoCode(), code: 'RACE7', kind: 'free', max_uses: 7 } });
    expect(saved.status).toBe('applied');

    const order = { event_id: eventId, method: 'free', lines: [kit.line(typeId)], expected_total: 0, promo_code: 'race7' };
    const answers = await rush(40, () => order);

    const discounted = answers.filter((a) => a.status_code === 200);
    const refused = answers.filter((a) => a.status_code !== 200);
    expect(discounted).toHaveLength(7);
    for (const a of discounted) expect(a.data.order).toMatchObject({ state: 'paid', total: 0, promo_code: 'RACE7' });
    expect(refused).toHaveLength(33);
    // Each late buyer is refused at the code's field, whether the code looked used up already or lost the race for the last use.
    for (const a of refused) expect(a).toMatchObject({ status_code: 409, error: 'promo_code_used_up', message: 'promo_code' });

    const row = await sql<{ used: number; orders: number; taken: number }>`
      SELECT pc.used,
        (SELECT count(*)::int FROM orders o WHERE o.promo_code_id = pc.id) AS orders,
        (SELECT taken FROM ticket_types WHERE id = ${typeId}) AS taken
      FROM promo_codes pc WHERE pc.event_id = ${eventId}`.execute(db());
    expect(row.rows[0]).toEqual({ used: 7, orders: 7, taken: 7 });
  }, 120_000);
});
