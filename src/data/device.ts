import { proxy, type Remote } from 'comlink';
import type { ActionArgs, ActionName, ActionValue } from '../../workers/actions.ts';
import type { QueryAnswer, SyncWorkerApi } from '../../workers/api.ts';
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
}

/** The device over the host's API. */
export function deviceOf(api: Remote<SyncWorkerApi>): Device {
  return {
    subscribe<T>(ref: QueryRef<T>, next: (value: T) => void, fail: (err: Error) => void) {
      let closed = false;
      const onAnswer = (answer: QueryAnswer) => {
        if (closed) return;
        if (answer.error !== undefined) fail(new Error(answer.error));
        else next(answer.value as T);
      };
      const id = api.subscribeQuery(ref.name, [...ref.args], proxy(onAnswer));
      id.catch((err: unknown) => {
        if (!closed) fail(err instanceof Error ? err : new Error(String(err)));
      });
      return () => {
        closed = true;
        // A host that is gone took its subscriptions with it.
        id.then((n) => api.unsubscribeQuery(n)).catch(() => undefined);
      };
    },
    call<N extends ActionName>(name: N, ...args: ActionArgs<N>) {
      return api.call(name, args) as Promise<ActionValue<N>>;
    },
  };
}
