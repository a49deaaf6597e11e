import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { raceStage } from '../fixtures/race-stage.ts';
import { type Person, salesKit } from './sales-helpers.ts';

/** The sales races: buyers who check out at the same moment, spread over the two instances of the race stage. */

/** A checkout's answer, as much of it as the races look at. */
export interface RaceAnswer {
  status_code: number;
  error?: string;
  message?: string;
  data: { order?: { state: string; total?: number; promo_code?: string } };
}

/** What one buyer posts to the checkout; the race adds the idempotency key. */
export interface RaceOrder {
  event_id: number;
  method: string;
  lines: unknown[];
  expected_total: number;
  promo_code?: string;
}

/** The race stage with the sales kit and the checkout's posts. */
export function salesRace() {
  const stage = raceStage();

  /** A POST with the person's session through instance `i` mod 2, as a load balancer would spread them. */
  async function post<T = RaceAnswer>(i: number, who: Person, path: string, body: unknown): Promise<T> {
    const urls = stage.urls();
    const res = await fetch(`${urls[i % urls.length]}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  /** Each buyer's checkout at the same moment, the i-th through instance i mod 2. */
  function checkoutAtOnce(buyers: readonly Person[], orderOf: (i: number) => RaceOrder): Promise<RaceAnswer[]> {
    return Promise.all(buyers.map((p, i) => post(i, p, '/api/checkout/orders', { ...orderOf(i), client_key: `race-${randomUUID()}` })));
  }

  /** `n` fresh buyers, then their checkouts at once. */
  async function rush(n: number, orderOf: (i: number) => RaceOrder): Promise<RaceAnswer[]> {
    const buyers = await Promise.all(Array.from({ length: n }, () => stage.person()));
    return checkoutAtOnce(buyers, orderOf);
  }

  return { kit: salesKit(stage.app), app: stage.app, apps: stage.apps, db: stage.db, buyer: () => stage.person(), post, checkoutAtOnce, rush };
}
