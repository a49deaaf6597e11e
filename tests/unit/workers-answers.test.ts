import { describe, expect, it } from 'vitest';
import { AnswerLine, type AnswerBatch } from '../../workers/answers.ts';

/** The host's line of live-query answers to the page (workers/answers.ts). */

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the answers line', () => {
  it('gathers the answers of one turn into one message, and sends nothing before a page opens it', async () => {
    const line = new AnswerLine();
    line.send(1, { value: 'lost' });
    await tick();
    const got: AnswerBatch[] = [];
    line.open({ postMessage: (b) => got.push(b) });
    line.send(1, { value: 'a' });
    line.send(2, { value: 'b' });
    await tick();
    line.send(1, { value: 'c' });
    await tick();
    expect(got).toEqual([
      [
        [1, { value: 'a' }],
        [2, { value: 'b' }],
      ],
      [[1, { value: 'c' }]],
    ]);
  });

  it('gives the one answer the clone refuses an error, and the others their values', async () => {
    const got: AnswerBatch[] = [];
    const line = new AnswerLine();
    line.open({
      postMessage(batch) {
        // What a MessagePort does with a function in the message: DataCloneError.
        if (batch.some(([, a]) => typeof a.value === 'function')) throw new Error('could not be cloned');
        got.push(batch);
      },
    });
    line.send(1, { value: 1 });
    line.send(2, { value: () => 0 });
    line.send(3, { value: 3 });
    await tick();
    expect(got.flat()).toEqual([
      [1, { value: 1 }],
      [2, { error: 'could not be cloned' }],
      [3, { value: 3 }],
    ]);
  });

  it('closes the old line when a page attaches again', () => {
    let closed = 0;
    const line = new AnswerLine();
    const first = { postMessage: () => undefined, close: () => closed++ };
    line.open(first);
    line.open(first);
    expect(closed).toBe(0);
    line.open({ postMessage: () => undefined });
    expect(closed).toBe(1);
  });
});
