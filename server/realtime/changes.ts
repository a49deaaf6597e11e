import type { MeetingNoticeType, ServerFrame } from '../../contract/ws.ts';
import type { Q } from '../db/tx.ts';
import { appointmentsChangedSince } from '../domain/appointments/repository.ts';
import { blocksChangedSince, commentsChangedSince, toWsComment, toWsUser } from '../domain/chat/repository.ts';
import { HINTS_CHANNEL, type ChangeHint, type CreatedComment } from '../domain/effects.ts';
import { messagesCreatedAfter, toWsMessage } from '../domain/messages/repository.ts';
import { fanoutWatermarks } from '../domain/sync/repository.ts';
import type { Bus } from './bus.ts';
import type { Hub } from './hub.ts';
import type { Presence } from './presence.ts';

/**
 * Turns committed changes into socket frames, on every instance.
 *
 * Every write (a REST call, a socket frame, a replayed sync command, on any instance) ends with a
 * change hint on the bus. Each instance answers a hint that names comments, messages or
 * appointments by reading what changed after its own watermark — from the database, the system of
 * record — and sending frames to its own sockets. So a comment posted on one instance reaches the
 * sockets of all others, whatever path posted it, and a frame only ever says what has committed.
 * Revs become visible in the order they were allocated (db/tx.ts), so reading "after the
 * watermark" never skips a change; ids are allocated under the same lock, so a row whose id is
 * above the watermark id is new. A missed hint only delays frames until the next hint or the poll.
 *
 * A new comment is the exception to reading: its hint carries the comment as inserted (chat/service.ts
 * addComment), and it goes to the sockets as soon as the hint arrives, ahead of any read in progress
 * and without one of its own. A hint that carries its comment announces nothing else in the chat
 * (effects.ts), so a read would only move the watermark: that read is put off by CATCH_UP_MS and
 * shared by every comment in between, or done by any other read first. It skips the comments
 * already sent from their hint unless their row moved on since (a vote before the read: then the
 * change goes out as for any older comment), and still sends a comment whose hint came without
 * it (an older instance) or was lost, so nothing depends on the carried copy.
 */

const BATCH = 500;
/** Safety net for hints lost on the way (a Redis reconnect): with sockets open, look anyway. */
const POLL_MS = 5000;
/**
 * How long the watermark may trail comments sent from their hints. Short enough that the ids it
 * remembers stay few, long enough that a busy chat costs one read per interval, not per comment.
 */
export const CATCH_UP_MS = 1000;

type Kind = 'comments' | 'blocks' | 'messages' | 'appointments';
const HINT_KINDS: Record<string, Kind[]> = {
  comments: ['comments', 'blocks'],
  messages: ['messages'],
  dialogs: ['messages'],
  appointments: ['appointments'],
};

export interface Fanout {
  start(): Promise<void>;
  /**
   * An announcement made on this instance, heard as the write makes it: a carried comment goes to
   * this instance's sockets without waiting for the bus (a Redis round trip, or the memory bus's
   * next turn of the event loop, behind the poster's HTTP answer). The bus copy finds it sent.
   */
  heard(channel: string, message: unknown): void;
  /** Reads and delivers now (after pending writes have announced themselves). */
  kick(kinds?: Kind[]): void;
  stop(): Promise<void>;
}

export function createFanout(deps: { db: Q; bus: Bus; hub: Hub; presence: Presence; log: { error(o: unknown, msg?: string): void } }): Fanout {
  const { db, bus, hub, presence } = deps;
  const wm = { commentRev: 0, commentId: 0, blockRev: 0, messageId: 0, appointmentRev: 0, appointmentId: 0 };
  const pending = new Set<Kind>();
  /**
   * Comments sent (or, with no socket here for their event, passed over) from their hint, by id,
   * with the row's rev as carried: a read must not send them as new again.
   */
  const sentFromHint = new Map<number, number>();
  let running: Promise<void> | null = null;
  let stopped = false;
  let unsubscribe = () => {};
  let listening = false;
  let poll: NodeJS.Timeout | undefined;
  let catchUp: NodeJS.Timeout | undefined;

  async function init() {
    Object.assign(wm, await fanoutWatermarks(db));
  }

  /** A comment its hint carried: sent unless a read has already passed it. */
  async function sendCarried(c: CreatedComment) {
    const { event_id: eventId, id } = c.comment;
    const users_online = hub.hasEvent(eventId) ? await presence.count(eventId) : 0;
    // Nothing awaits from this check to the send, so a read running meanwhile has either passed
    // the comment (and sent it) or will find it here and leave it.
    if (id <= wm.commentId || sentFromHint.has(id)) return;
    // Without a rev (an older instance's hint) the row is taken as unchanged, as the read then follows at once.
    sentFromHint.set(id, c.rev ?? Number.POSITIVE_INFINITY);
    hub.toEvent(eventId, {
      type: 'commentCreated',
      comment: c.comment,
      users: { [String(c.user.user_id)]: c.user },
      broadcast_statistics: { users_online },
    });
  }

  async function comments() {
    // This read covers every comment sent from its hint so far.
    clearTimeout(catchUp);
    catchUp = undefined;
    for (;;) {
      const rows = await commentsChangedSince(db, wm.commentRev, BATCH);
      const knownId = wm.commentId;
      const online = new Map<number, number>();
      const stats = async (eventId: number) => {
        let n = online.get(eventId);
        if (n === undefined) {
          n = await presence.count(eventId);
          online.set(eventId, n);
        }
        return { users_online: n };
      };
      for (const r of rows) {
        wm.commentRev = Math.max(wm.commentRev, r.row_rev);
        wm.commentId = Math.max(wm.commentId, r.id);
        if (!hub.hasEvent(r.event_id)) continue;
        let frame: ServerFrame;
        if (r.deleted) frame = { type: 'commentDeleted', comment_id: r.id, event_id: r.event_id, broadcast_statistics: await stats(r.event_id) };
        else if (r.id > knownId && !sentFromHint.has(r.id)) {
          frame = {
            type: 'commentCreated',
            comment: toWsComment(r),
            users: { [String(r.user_id)]: toWsUser(r) },
            broadcast_statistics: await stats(r.event_id),
          };
        } else {
          const carriedRev = sentFromHint.get(r.id);
          if (carriedRev !== undefined) {
            sentFromHint.delete(r.id);
            if (r.row_rev <= carriedRev) continue;
          }
          frame = {
            type: 'commentVoted',
            comment_id: r.id,
            event_id: r.event_id,
            likes: { like: r.likes_count, dislike: r.dislikes_count },
            broadcast_statistics: await stats(r.event_id),
          };
        }
        hub.toEvent(r.event_id, frame);
      }
      if (rows.length < BATCH) {
        // A carried comment the read never met (its event has no socket here, or it was already
        // behind the watermark) is not remembered past the watermark.
        for (const id of sentFromHint.keys()) if (id <= wm.commentId) sentFromHint.delete(id);
        return;
      }
    }
  }

  async function blocks() {
    for (;;) {
      const rows = await blocksChangedSince(db, wm.blockRev, BATCH);
      for (const b of rows) {
        wm.blockRev = Math.max(wm.blockRev, b.rev);
        const blocked = b.active && !b.deleted;
        if (blocked) {
          // Everybody in the chat learns who is blocked; why is for the person and the moderators.
          const full: ServerFrame = { type: 'chatUserBlockedNotice', event_id: b.event_id, userId: b.user_id, reasonText: b.reason };
          const bare: ServerFrame = { type: 'chatUserBlockedNotice', event_id: b.event_id, userId: b.user_id };
          hub.toEvent(b.event_id, full, (c) => (c.staff || c.userId === b.user_id ? full : bare));
          hub.toUser(b.user_id, full, 'notice');
        } else {
          const frame: ServerFrame = { type: 'chatUserUnblockedNotice', event_id: b.event_id, userId: b.user_id };
          hub.toEvent(b.event_id, frame);
          hub.toUser(b.user_id, frame, 'notice');
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  async function messages() {
    for (;;) {
      const rows = await messagesCreatedAfter(db, wm.messageId, BATCH);
      for (const m of rows) {
        wm.messageId = Math.max(wm.messageId, m.id);
        const recipient = m.sender_id === m.user_a ? m.user_b : m.user_a;
        const message = toWsMessage(m, recipient);
        const mutedBy = (userId: number) => (userId === m.user_a ? m.muted_by_a : m.muted_by_b);
        if (hub.hasUser(m.sender_id)) hub.toUser(m.sender_id, { type: 'personalMessageCreated', message, muted: mutedBy(m.sender_id) });
        if (hub.hasUser(recipient)) hub.toUser(recipient, { type: 'personalMessageCreated', message, muted: mutedBy(recipient) });
      }
      if (rows.length < BATCH) return;
    }
  }

  /**
   * The notice channel's meetingNotice (the specs' name), told to the person who did not act: a new or edited request
   * to its recipient (an edit makes the editor the requester), an approval to the requester, a
   * rejection to the requester, a cancellation to the other person, and a cancellation by the
   * organisers (server/domain/admin/meetings.ts) to both.
   */
  async function appointments() {
    for (;;) {
      const rows = await appointmentsChangedSince(db, wm.appointmentRev, BATCH);
      const knownId = wm.appointmentId;
      for (const a of rows) {
        wm.appointmentRev = Math.max(wm.appointmentRev, a.rev);
        wm.appointmentId = Math.max(wm.appointmentId, a.id);
        let to: number[];
        let type: MeetingNoticeType;
        if (a.response === null) [to, type] = [[a.to_user_id], a.id > knownId ? 'CURRENT_USER_INVITED' : 'APPOINTMENT_UPDATED'];
        else if (a.response === 1) [to, type] = [[a.from_user_id], 'APPOINTMENT_APPROVED'];
        else if (a.canceled_by !== null && a.canceled_by !== a.from_user_id && a.canceled_by !== a.to_user_id) {
          // The organisers called it off (new meeting hours or places): neither person acted, both are told.
          [to, type] = [[a.from_user_id, a.to_user_id], 'APPOINTMENT_REJECTED'];
        } else {
          const other = a.canceled_by === a.from_user_id ? a.to_user_id : a.from_user_id;
          [to, type] = [[a.canceled_by === null ? a.from_user_id : other], 'APPOINTMENT_REJECTED'];
        }
        for (const user of to) {
          if (hub.hasUser(user)) hub.toUser(user, { type: 'meetingNotice', meetingNotice: { meeting_id: a.id, event_type: type } }, 'notice');
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  const RUNNERS: Record<Kind, () => Promise<void>> = { comments, blocks, messages, appointments };

  function kick(kinds: Kind[] = ['comments', 'blocks', 'messages', 'appointments']) {
    if (stopped) return;
    for (const k of kinds) pending.add(k);
    if (running) return;
    running = (async () => {
      while (pending.size > 0 && !stopped) {
        const batch = [...pending];
        pending.clear();
        for (const k of batch) {
          try {
            await RUNNERS[k]();
          } catch (err) {
            // The watermark did not move past what failed; the next hint or poll retries it.
            deps.log.error(err, `realtime fan-out of ${k} failed`);
          }
        }
      }
    })().finally(() => {
      running = null;
    });
  }

  function carried(created: CreatedComment) {
    sendCarried(created).catch((err: unknown) => {
      // Not marked as sent, so the read sends it.
      deps.log.error(err, `realtime fan-out of comment ${created.comment.id} from its hint failed`);
      kick(['comments']);
    });
  }

  return {
    heard(channel, message) {
      // Only while the bus copies are heard too: before start() the watermark is not read yet.
      const created = channel === HINTS_CHANNEL ? (message as ChangeHint).created : undefined;
      if (listening && created) carried(created);
    },
    async start() {
      await init();
      unsubscribe = bus.subscribe(HINTS_CHANNEL, (message) => {
        const hint = message as ChangeHint;
        const kinds = new Set<Kind>();
        for (const c of hint.collections ?? []) for (const k of HINT_KINDS[c] ?? []) kinds.add(k);
        if (hint.created) {
          const created = hint.created;
          carried(created);
          if (created.rev !== undefined) {
            kinds.delete('comments');
            kinds.delete('blocks');
            catchUp ??= setTimeout(() => {
              catchUp = undefined;
              kick(['comments']);
            }, CATCH_UP_MS);
            catchUp.unref();
          }
        }
        if (kinds.size > 0) kick([...kinds]);
      });
      await bus.ready?.(HINTS_CHANNEL);
      listening = true;
      poll = setInterval(() => {
        if (hub.all.size > 0) kick();
      }, POLL_MS);
      poll.unref();
    },
    kick,
    async stop() {
      stopped = true;
      listening = false;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(catchUp);
      await running;
    },
  };
}
