import type { ClientFrame } from '../../../contract/ws.ts';
import type { Q } from '../../db/tx.ts';
import { chatAccess } from '../../domain/chat/access.ts';
import { readersAmong } from '../../domain/chat/repository.ts';
import { addComment, blockUser, unblockUser } from '../../domain/chat/service.ts';
import { recordUsersOnline } from '../../domain/events/service.ts';
import type { Writer } from '../../domain/write.ts';
import type { Conn, Hub } from '../hub.ts';
import type { Presence } from '../presence.ts';
import { toId, type Exception } from './frames.ts';

/**
 * /wss/chat: one event's chat (comments, likes, blocks, the online counter) and its moderation. A
 * socket registers for one event it may read; the online counter of each chat is kept in
 * presence.ts (Redis when the bus is on Redis) and written to the event at a modest rate.
 */
export function chatChannel(deps: { db: Q; writer: Writer; hub: Hub; presence: Presence; exception: Exception }) {
  const { db, writer, hub, presence, exception } = deps;
  /** Events whose last socket here closed since the last users_online write. */
  const left = new Set<number>();

  const leave = async (conn: Conn) => {
    const eventId = hub.leaveEvent(conn);
    if (eventId !== null) {
      left.add(eventId);
      await presence.leave(eventId, conn.userId);
    }
  };

  return {
    async register(conn: Conn, frame: Extract<ClientFrame, { type: 'register' }>): Promise<void> {
      if (frame.eventId === undefined) return void exception(conn, 'invalid_input', 'eventId');
      const eventId = toId(frame.eventId);
      const access = await chatAccess(db, conn.userId, eventId);
      if (!access.participant) return void exception(conn, 'ticket_required');
      if (conn.eventId !== eventId) {
        await leave(conn);
        // The socket may have closed while access was checked; a closed socket must not count as online.
        if (conn.socket.readyState !== conn.socket.OPEN) return;
        hub.registerEvent(conn, eventId, access.staff);
        await presence.join(eventId, conn.userId);
      } else conn.staff = access.staff;
      const users_online = await presence.count(eventId);
      hub.send(conn, { type: 'registered', channel: 'chat', userId: conn.userId, eventId, broadcast_statistics: { users_online } });
    },

    /** The chat frames, for a socket registered on an event's chat. */
    async frame(conn: Conn, frame: ClientFrame): Promise<void> {
      if (conn.channel !== 'chat' || conn.eventId === null) return void exception(conn, 'forbidden', 'register on an event chat first');
      const eventId = conn.eventId;
      switch (frame.type) {
        case 'commentAdd':
          await writer.run((trx) => addComment(trx, conn.userId, { event_id: eventId, comment: frame.comment }));
          return;
        case 'userBlock':
          await writer.run((trx) => blockUser(trx, conn.userId, { event_id: eventId, user_id: toId(frame.targetUserId), reason: frame.reasonText }));
          return;
        case 'userUnblock': {
          const targetUserId = toId(frame.targetUserId);
          await writer.run((trx) => unblockUser(trx, conn.userId, { event_id: eventId, user_id: targetUserId }));
          hub.send(conn, { type: 'chatUserUnblockResult', event_id: eventId, targetUserId, result: true });
          return;
        }
      }
    },

    /** A closed socket leaves its chat; the counter drops after the frames it queued. */
    closed(conn: Conn, eventId: number | null): void {
      if (eventId === null) return;
      left.add(eventId);
      conn.queue = conn.queue.then(() => presence.leave(eventId, conn.userId)).catch(() => undefined);
    },

    /** Stops the chat of users who lost access since they registered (a cancelled ticket, a removed event). */
    async recheckAccess(): Promise<void> {
      const pairs = new Map<string, { eventId: number; userId: number }>();
      for (const eventId of hub.events()) for (const c of hub.eventConns(eventId)) pairs.set(`${eventId}:${c.userId}`, { eventId, userId: c.userId });
      if (pairs.size === 0) return;
      const readers = await readersAmong(db, [...pairs.values()]);
      for (const { eventId, userId } of pairs.values()) {
        if (readers.has(`${eventId}:${userId}`)) continue;
        for (const conn of hub.eventConns(eventId)) {
          if (conn.userId !== userId) continue;
          await leave(conn);
          exception(conn, 'ticket_required');
        }
      }
    },

    /**
     * events.users_online follows the chats' counters: only events with sockets here (or that just
     * lost their last one), and only when the number changed.
     */
    async writeOnline(): Promise<void> {
      const ids = new Set([...presence.localEvents(), ...left]);
      left.clear();
      for (const eventId of ids) {
        const n = await presence.count(eventId);
        await writer.run((trx) => recordUsersOnline(trx, eventId, n));
      }
    },
  };
}
