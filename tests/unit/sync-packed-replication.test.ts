import { afterEach, describe, expect, it } from 'vitest';
import { VisitorsCollection, type VisitorDoc } from '../../contract/visitors.ts';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { startPullReplication, type PullReplication } from '../../sync/engine/replication.ts';
import { packerFor, readVisitorRows } from '../../sync/engine/visitor-pages.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';
import { openTestDatabase } from '../fixtures/test-database.ts';

/**
 * The visitors feed replicated into pages (issue 28) through RxDB's own replication: RxDB ends a
 * pull on an answer shorter than its batch, and a packed answer is always short, so the end is
 * told by an empty answer. Fed from memory (a fetch that answers as the sync API does), this
 * checks that a first sync takes every page, that the end costs no extra request, and that a
 * change announced while the last request runs is still fetched.
 */

const EVENT = 7;
let db: FoyerDatabase | null = null;
let replication: PullReplication | null = null;

afterEach(async () => {
  await replication?.cancel();
  await db?.close();
  replication = null;
  db = null;
});

type Wire = VisitorDoc & { deleted: boolean };

/** The server's feed: every document with its rev as the checkpoint. */
class Feed {
  docs: Wire[] = [];
  asked: number[] = [];
  /** Runs after a request's page is taken, before the answer returns. */
  during: ((checkpoint: number) => void) | null = null;

  put(userId: number, over: Partial<VisitorDoc> = {}, deleted = false) {
    const rev = this.docs.length + 1;
    this.docs.push({ ...visitorDoc(userId, { rev, ...over }), deleted });
  }

  fetch: typeof fetch = async (input) => {
    const url = new URL(String(input));
    const checkpoint = Number(url.searchParams.get('checkpoint'));
    const limit = Number(url.searchParams.get('limit'));
    this.asked.push(checkpoint);
    const page = this.docs.filter((d) => d.rev > checkpoint).slice(0, limit);
    this.during?.(checkpoint);
    const body = { documents: page, checkpoint: page.at(-1)?.rev ?? checkpoint };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
}

async function start(feed: Feed, batchSize: number): Promise<{ db: FoyerDatabase; caughtUp: () => number }> {
  db = await openTestDatabase('packed-replication', ['visitors']);
  const local = db;
  let caughtUps = 0;
  const identifier = `test-${Math.random()}`;
  replication = startPullReplication(
    local.visitors as never,
    VisitorsCollection,
    {
      http: { baseUrl: 'http://feed.test', fetch: feed.fetch },
      signal: new AbortController().signal,
      tick: (() => {
        let t = 0;
        return () => ++t;
      })(),
      onRequest: () => undefined,
      onSuccess: () => undefined,
      onCaughtUp: () => caughtUps++,
      onFailure: async (err) => {
        throw err;
      },
      onUnauthorized: async () => undefined,
    },
    { identifier, batchSize, eventId: EVENT, packer: () => packerFor(local.visitors as never, identifier, EVENT) as never },
  );
  return { db: local, caughtUp: () => caughtUps };
}

const userIds = async (local: FoyerDatabase) => (await readVisitorRows(local.visitors, EVENT)).map((v) => v.user_id).sort((a, b) => a - b);

describe('the packed visitors replication', () => {
  it('takes every page of a first sync and ends on the short one without asking again', async () => {
    const feed = new Feed();
    for (let u = 1; u <= 7; u++) feed.put(u);
    const { db: local, caughtUp } = await start(feed, 3);
    await replication!.state.awaitInSync();
    expect(await userIds(local)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // 3 + 3 + 1: the short page is the last request.
    expect(feed.asked).toEqual([0, 3, 6]);
    expect(caughtUp()).toBe(1);
  });

  it('applies later edits and departures on a resync', async () => {
    const feed = new Feed();
    for (let u = 1; u <= 4; u++) feed.put(u);
    const { db: local } = await start(feed, 3);
    await replication!.state.awaitInSync();
    feed.put(2, { first_name: 'Renamed' });
    feed.put(3, {}, true);
    feed.put(5);
    replication!.resync();
    await new Promise((r) => setTimeout(r, 50));
    await replication!.state.awaitInSync();
    expect(await userIds(local)).toEqual([1, 2, 4, 5]);
    expect((await readVisitorRows(local.visitors, EVENT)).find((v) => v.user_id === 2)?.first_name).toBe('Renamed');
  });

  it('fetches a change announced while the request that looked like the end was running', async () => {
    const feed = new Feed();
    feed.put(1);
    feed.during = (checkpoint) => {
      if (checkpoint !== 0) return;
      feed.during = null;
      // The change lands after the server took this page, and its hint asks for a resync while
      // the answer is on its way: the short answer is not the end.
      feed.put(2);
      replication!.resync();
    };
    const { db: local } = await start(feed, 3);
    for (let i = 0; i < 100 && (await userIds(local)).length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await userIds(local)).toEqual([1, 2]);
  });
});
