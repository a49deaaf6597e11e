import type { Q } from '../../db/tx.ts';

/** SQL of the master secret that every instance signs tickets and contact cards with (keys.ts). */

export async function signingSeed(q: Q): Promise<Uint8Array | undefined> {
  return (await q.selectFrom('ticket_signing_secret').select('seed').where('id', '=', 1).executeTakeFirst())?.seed;
}

/** Stores a seed unless another instance stored one first; the caller reads back whichever won. */
export async function offerSigningSeed(q: Q, seed: Uint8Array): Promise<void> {
  await q
    .insertInto('ticket_signing_secret')
    .values({ id: 1, seed })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
