import { describe, expect, it } from 'vitest';
import { PagePuller } from '../../sync/engine/replication.ts';
import { HttpError } from '../../sync/engine/http.ts';

/**
 * The pull's pipelining (issue 13): a full page is followed at once by the request for the next,
 * so the network works while RxDB writes; a short page ends the chain; a resync drops an early page
 * that may predate the change; a failed early page fails the call that reads it.
 */

type Answer = { documents: (Record<string, unknown> & { deleted: boolean })[]; checkpoint: number } | Error;

function feed(answers: Record<number, Answer>) {
  const asked: number[] = [];
  let clock = 0;
  const puller = new PagePuller(
    async (checkpoint) => {
      asked.push(checkpoint);
      const answer = answers[checkpoint];
      if (!answer) throw new Error(`no answer for checkpoint ${checkpoint}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    () => ++clock,
  );
  return { puller, asked };
}

const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), deleted: false }));

describe('PagePuller', () => {
  it('asks for the next page as soon as a full one arrives, and uses it for the next call', async () => {
    const { puller, asked } = feed({
      0: { documents: docs(2), checkpoint: 5 },
      5: { documents: docs(2), checkpoint: 9 },
      9: { documents: docs(1), checkpoint: 10 },
    });
    const first = await puller.page(0, 2);
    expect(first.next).toBe(5);
    expect(asked).toEqual([0, 5]);
    const second = await puller.page(5, 2);
    expect(second.next).toBe(9);
    // The early request's tick is when it started, before the call that read it.
    expect(second.startedAt).toBeLessThan(first.startedAt + 2);
    expect(asked).toEqual([0, 5, 9]);
    const last = await puller.page(9, 2);
    expect(last.body.documents).toHaveLength(1);
    // A short page means caught up: nothing more is asked for.
    expect(asked).toEqual([0, 5, 9]);
  });

  it('asks again after a resync instead of using a page asked for before it', async () => {
    const { puller, asked } = feed({ 0: { documents: docs(2), checkpoint: 5 }, 5: { documents: docs(1), checkpoint: 6 } });
    await puller.page(0, 2);
    puller.drop();
    await puller.page(5, 2);
    expect(asked).toEqual([0, 5, 5]);
  });

  it('ignores an early page for another checkpoint or page size', async () => {
    const { puller, asked } = feed({ 0: { documents: docs(2), checkpoint: 5 }, 5: { documents: docs(1), checkpoint: 6 }, 3: { documents: [], checkpoint: 3 } });
    await puller.page(0, 2);
    await puller.page(3, 2);
    await puller.page(5, 3);
    expect(asked).toEqual([0, 5, 3, 5]);
  });

  it('fails the call that reads a failed early page, and the retry asks again', async () => {
    const answers: Record<number, Answer> = { 0: { documents: docs(2), checkpoint: 5 }, 5: new HttpError(503, 'unavailable') };
    const { puller, asked } = feed(answers);
    await puller.page(0, 2);
    await expect(puller.page(5, 2)).rejects.toBeInstanceOf(HttpError);
    answers[5] = { documents: [], checkpoint: 5 };
    await expect(puller.page(5, 2)).resolves.toMatchObject({ next: 5 });
    expect(asked).toEqual([0, 5, 5]);
  });

  it('refuses an answer that is not a page', async () => {
    const { puller } = feed({ 0: { documents: 'nope', checkpoint: 1 } as unknown as Answer });
    await expect(puller.page(0, 2)).rejects.toMatchObject({ status: 502 });
  });

  it("asks for the next page when this one's headers say it is full, and stays at most two pages ahead", async () => {
    const asked: number[] = [];
    const bodies = new Map<number, (page: Answer) => void>();
    // Headers come at once, bodies when the test lets them: a slow link.
    const puller = new PagePuller(
      (checkpoint, _size, onHead) => {
        asked.push(checkpoint);
        onHead?.({ count: 2, next: checkpoint + 2 });
        return new Promise((resolve) => bodies.set(checkpoint, (a) => resolve(a as never)));
      },
      () => 0,
    );
    const first = puller.page(0, 2);
    // Page 0's headers asked for 2, whose headers asked for 4; 4's would make three ahead.
    expect(asked).toEqual([0, 2, 4]);
    bodies.get(0)?.({ documents: docs(2), checkpoint: 2 });
    await first;
    const second = puller.page(2, 2);
    bodies.get(2)?.({ documents: docs(2), checkpoint: 4 });
    await second;
    // Taking page 2 made room: 4's headers had said where 6 starts.
    expect(asked).toEqual([0, 2, 4, 6]);
    bodies.get(4)?.({ documents: docs(2), checkpoint: 6 });
    await expect(puller.page(4, 2)).resolves.toMatchObject({ next: 6 });
    expect(asked).toEqual([0, 2, 4, 6, 8]);
    // Every page was asked for once.
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('does not ask ahead from the headers of a page asked for before a drop', async () => {
    const asked: number[] = [];
    let head: (() => void) | null = null;
    const puller = new PagePuller(
      async (checkpoint, _size, onHead) => {
        asked.push(checkpoint);
        head = () => onHead?.({ count: 2, next: checkpoint + 2 });
        return { documents: docs(1), checkpoint: checkpoint + 1 };
      },
      () => 0,
    );
    await puller.page(0, 2);
    puller.drop();
    (head as (() => void) | null)?.();
    expect(asked).toEqual([0]);
  });
});
