import type { CommandKind, CommandPayload } from '../contract/commands.ts';
import type { FoyerDatabase } from '../sync/engine/database.ts';
import { dismiss, enqueue, retryParked } from '../sync/engine/outbox.ts';
import { releaseScope, requestScope } from '../sync/engine/scoped.ts';
import { APPOINTMENT_WRITES } from '../sync/views/appointments/on-device.ts';
import { CALENDAR_WRITES } from '../sync/views/calendar/on-device.ts';
import { CHAT_WRITES } from '../sync/views/chat/on-device.ts';
import { DOOR_WRITES } from '../sync/views/checkin/on-device.ts';
import { DIGEST_WRITES } from '../sync/views/digest/on-device.ts';
import { NOTIFICATION_WRITES } from '../sync/views/notifications/on-device.ts';
import { TICKET_WRITES } from '../sync/views/tickets/on-device.ts';
import { endSession, readSession, writeSession, type SessionUser } from '../sync/engine/session.ts';
import { markViewed } from '../sync/store/local.ts';
import { countUnsent } from '../sync/store/observe.ts';

/**
 * Every local write a screen may ask of the device, by name, beside the live reads of queries.ts.
 * Commands for the server go through `enqueue` into the outbox like before; the rest are the
 * device's own documents (a cart, the door's answers, what the user has seen). The writes of one
 * area are declared beside its views (sync/views/<area>/on-device.ts) and merged first, so a shared
 * write of the same name would replace one and tests/unit/device-reads.test.ts would see it.
 */

export const ACTIONS = {
  ...APPOINTMENT_WRITES,
  ...CALENDAR_WRITES,
  ...CHAT_WRITES,
  ...NOTIFICATION_WRITES,
  ...TICKET_WRITES,
  ...DOOR_WRITES,
  ...DIGEST_WRITES,

  /** Queues a command and answers its id; only a signed-in session may queue. */
  enqueue: async <K extends CommandKind>(db: FoyerDatabase, kind: K, payload: CommandPayload<K>): Promise<string> => {
    const session = await readSession(db);
    if (!session.user || session.ended) throw new Error('auth_required');
    return (await enqueue(db, kind, payload)).id;
  },
  dismiss: (db: FoyerDatabase, id: string) => dismiss(db, id),
  retryParked: (db: FoyerDatabase, id: string) => retryParked(db, id),
  markViewed: async (db: FoyerDatabase, eventId: number) => {
    await markViewed(db, eventId);
  },

  readSession: (db: FoyerDatabase) => readSession(db),
  writeSession: (db: FoyerDatabase, user: SessionUser) => writeSession(db, user),
  endSession: (db: FoyerDatabase) => endSession(db),
  unsentCount: (db: FoyerDatabase) => countUnsent(db),

  requestScope: (db: FoyerDatabase, collection: string, eventId: number) => requestScope(db, collection, eventId),
  releaseScope: (db: FoyerDatabase, collection: string, eventId: number) => releaseScope(db, collection, eventId),
} as const;

export type DeviceActions = typeof ACTIONS;
export type ActionName = keyof DeviceActions;
export type ActionArgs<N extends ActionName> = DeviceActions[N] extends (db: FoyerDatabase, ...args: infer A) => unknown ? A : never;
export type ActionValue<N extends ActionName> = DeviceActions[N] extends (...args: never[]) => infer R ? Awaited<R> : never;

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}
