import { transfer, type Remote } from 'comlink';
import type { ActionArgs, ActionName, ActionValue } from '../../workers/actions.ts';
import type { SyncWorkerApi } from '../../workers/api.ts';
import type { AnswerBatch, QueryAnswer } from '../../workers/answers.ts';
import type { QueryArgs, QueryName, QueryValue } from '../../workers/queries.ts';

/**
 * The page's line to the device's database, which the host holds (workers/host.ts: in the sync
 * worker, or on the page where no worker starts). The page names what it reads and writes; it never
 * opens the database itself, so RxDB, Dexie and the queries stay out of its bundle (issue 13). Only
 * types come from workers/ here.
 */

/** A live query by name and arguments, typed by what it answers. */
export interface QueryRef<T> {
  readonly name: QueryName;
  readonly args: readonly unknown[];
  /** Never set: carries the answer's type. */
  readonly value?: T;
}

export function query<N extends QueryName>(name: N, ...args: QueryArgs<N>): QueryRef<QueryValue<N>> {
  return { name, args };
}

export interface Device {
  /** Calls `next` with each answer of the query until the returned function is called. */
  subscribe<T>(ref: QueryRef<T>, next: (value: T) => void, fail: (err: Error) => void): () => void;
  call<N extends ActionName>(name: N, ...args: ActionArgs<N>): Promise<ActionValue<N>>;
  /** The page stops reading through this device (a stop, a logout): its answers line closes. */
  close?(): void;
}

/** The page's numbers for its live queries; unique for the page's life, across re-attachments. */
let nextQueryId = 1;

/**
 * The device over the host's API. Answers come on one MessageChannel the page opens here and
 * hands to the host (workers/answers.ts), each under the number the page gave its query, so a
 * subscription costs one call and an answer one message that nothing replies to.
 */
export function deviceOf(api: Remote<SyncWorkerApi>): Device {
  const handlers = new Map<number, (answer: QueryAnswer) => void>();
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (e: MessageEvent<AnswerBatch>) => {
    for (const [id, answer] of e.data) handlers.get(id)?.(answer);
  };
  api.openAnswers(transfer(port2, [port2])).catch(() => undefined);
  return {
    subscribe<T>(ref: QueryRef<T>, next: (value: T) => void, fail: (err: Error) => void) {
      const id = nextQueryId++;
      handlers.set(id, (answer) => {
        if (answer.error !== undefined) fail(new Error(answer.error));
        else next(answer.value as T);
      });
      // Comlink delivers calls in order, so the host has the line before it runs this query.
      api.subscribeQuery(id, ref.name, [...ref.args]).catch((err: unknown) => {
        if (handlers.delete(id)) fail(err instanceof Error ? err : new Error(String(err)));
      });
      return () => {
        handlers.delete(id);
        // A host that is gone took its subscriptions with it.
        api.unsubscribeQuery(id).catch(() => undefined);
      };
    },
    call<N extends ActionName>(name: N, ...args: ActionArgs<N>) {
      return api.call(name, args) as Promise<ActionValue<N>>;
    },
    close() {
      handlers.clear();
      port1.close();
    },
  };
}
