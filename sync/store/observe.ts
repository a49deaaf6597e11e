import { combineLatest, distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import type { EventDoc, MyEventDoc } from '../../contract/entities.ts';
import type { CommandKind } from '../../contract/commands.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import type { FoyerDatabase, OutboxDoc } from '../engine/database.ts';
import type { PARKED_CODE } from '../engine/outbox.ts';
import { LOCAL_VIEWED, observeLocal, type ViewedDoc } from './local.ts';
import { joinEvents, type EventView, type QueuedCommand } from './overlay.ts';
import { GUEST_SESSION, observeSessionDoc, type SessionDoc } from '../engine/session.ts';

/**
 * Live reads for the screens: RxDB queries joined and overlaid. Shared by the page's hooks and the
 * node tests, so what the tests check is what the screens render.
 */

export function observeSession(db: FoyerDatabase): Observable<SessionDoc> {
  return observeSessionDoc(db).pipe(map((s) => s ?? GUEST_SESSION));
}

function signedInUser(session: SessionDoc): number | null {
  return session.user && !session.ended ? session.user.id : null;
}

const docs = <T>(list: { toJSON(): unknown }[]) => list.map((d) => d.toJSON() as T);

/** Every local event, joined with the user's relation, the queued commands and local views. */
export function observeEventViews(db: FoyerDatabase): Observable<EventView[]> {
  const events$ = db.events.find().$.pipe(map((list) => docs<EventDoc>(list)));
  const viewed$ = observeLocal<ViewedDoc>(db, LOCAL_VIEWED).pipe(map((v) => v?.items ?? {}));
  return observeSession(db).pipe(
    map(signedInUser),
    distinctUntilChanged(),
    switchMap((userId) => {
      const mine$ = userId === null ? of([] as MyEventDoc[]) : db.my_events.find().$.pipe(map((list) => docs<MyEventDoc>(list)));
      const outbox$ = userId === null ? of([] as QueuedCommand[]) : db.outbox.find().$.pipe(map((list) => docs<OutboxDoc>(list)));
      return combineLatest([events$, mine$, outbox$, viewed$]).pipe(
        map(([events, myEvents, outbox, viewed]) => joinEvents({ events, myEvents, outbox, viewed, signedIn: userId !== null })),
      );
    }),
  );
}

export interface RejectionItem {
  id: string;
  kind: CommandKind;
  payload: unknown;
  /** The server's code, or the device's own for a parked entry (server_failed, or payload_too_large for one too big to send). */
  code: ErrorCode | typeof PARKED_CODE;
  occurredAt: number;
  /** Parked after the server failed on it (sync/engine/outbox.ts): it can be tried again, unlike a refusal. */
  parked: boolean;
}

export function toRejection(entry: OutboxDoc): RejectionItem {
  const at = Date.parse(entry.occurredAt);
  return {
    id: entry.id,
    kind: entry.kind,
    payload: entry.payload,
    code: (entry.code ?? 'unknown_error') as ErrorCode | typeof PARKED_CODE,
    occurredAt: Number.isNaN(at) ? 0 : at,
    parked: entry.status === 'parked',
  };
}

/** Commands the server turned down or kept failing on, oldest first, until the user acts on them. */
export function observeRejections(db: FoyerDatabase): Observable<RejectionItem[]> {
  return db.outbox
    .find({ selector: { status: { $in: ['rejected', 'parked'] } }, sort: [{ seq: 'asc' }] })
    .$.pipe(map((list) => list.map((d) => toRejection(d.toJSON() as OutboxDoc))));
}

/** Entries the server has not answered yet; the page counts them itself so the number moves at once. */
export function observeUnsentCount(db: FoyerDatabase): Observable<number> {
  return db.outbox.find({ selector: { status: { $in: ['pending', 'sending'] } } }).$.pipe(
    map((list) => list.length),
    distinctUntilChanged(),
  );
}

/**
 * What of this device's work has not reached the server: waiting, on its way, or parked after the
 * server kept failing on it. Nothing counted here may be wiped by a change of account.
 */
export async function countUnsent(db: FoyerDatabase): Promise<number> {
  return (await db.outbox.find({ selector: { status: { $in: ['pending', 'sending', 'parked'] } } }).exec()).length;
}
