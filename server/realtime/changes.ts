import type { MeetingNoticeType, ServerFrame } from '../../contract/ws.ts';
import type { Q } from '../db/tx.ts';
import { appointmentsChangedSince } from '../domain/appointments/repository.ts';
import { blocksChangedSince, type CommentRow, commentsChangedSince, toWsComment, toWsUser } from '../domain/chat/repository.ts';
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

type Watermarks = Awaited<ReturnType<typeof fanoutWatermarks>>;
type AppointmentChange = Awaited<ReturnType<typeof appointmentsChangedSince>>[number];

/** What the readers share: where each kind has been read up to, and where frames go. */
interface FanoutState {
  db: Q;
  hub: Hub;
  presence: Presence;
  wm: Watermarks;
  /**
   * Comments sent (or, with no socket here for their event, passed over) from their hint, by id,
   * with the row's rev as carried: a read must not send them as new again.
   */
  sentFromHint: Map<number, number>;
}

/** The state before start(): the watermarks are read from the database there. */
function fanoutState({ db, hub, presence }: Pick<FanoutState, 'db' | 'hub' | 'presence'>): FanoutState {
  return {
    db,
    hub,
    presence,
    wm: { commentRev: 0, commentId: 0, blockRev: 0, messageId: 0, appointmentRev: 0, appointmentId: 0 },
    sentFromHint: new Map(),
  };
}

/** A comment its hint carried: sent unless a read has already passed it. */
async function sendCarried(s: FanoutState, c: CreatedComment) {
  const { event_id: eventId, id } = c.comment;
  const users_online = s.hub.hasEvent(eventId) ? await s.presence.count(eventId) : 0;
  // Nothing awaits from this check to the send, so a read running meanwhile has either passed
  // the comment (and sent it) or will find it here and leave it.
  if (id <= s.wm.commentId || s.sentFromHint.has(id)) return;
  // Without a rev (an older instance's hint) the row is taken as unchanged, as the read then follows at once.
  s.sentFromHint.set(id, c.rev ?? Number.POSITIVE_INFINITY);
  s.hub.toEvent(eventId, {
    type: 'commentCreated',
    comment: c.comment,
    users: { [String(c.user.user_id)]: c.user },
    broadcast_statistics: { users_online },
  });
}

/** Each event's online count, asked of presence at most once per batch. */
function onlineCounts(presence: Presence) {
  const online = new Map<number, number>();
  return async (eventId: number) => {
    let n = online.get(eventId);
    if (n === undefined) {
      n = await presence.count(eventId);
      online.set(eventId, n);
    }
    return { users_online: n };
  };
}

type CommentChange = 'deleted' | 'created' | 'voted';

/**
 * What a changed comment row tells the chat, or null for a comment already sent from its hint whose
 * row has not moved on since. Synchronous, so that the check and the send have only the online
 * count between them, as in sendCarried.
 */
function commentChange(s: FanoutState, r: CommentRow, knownId: number): CommentChange | null {
  if (r.deleted) return 'deleted';
  if (r.id > knownId && !s.sentFromHint.has(r.id)) return 'created';
  const carriedRev = s.sentFromHint.get(r.id);
  if (carriedRev !== undefined) {
    s.sentFromHint.delete(r.id);
    if (r.row_rev <= carriedRev) return null;
  }
  return 'voted';
}

function commentFrame(change: CommentChange, r: CommentRow, broadcast_statistics: { users_online: number }): ServerFrame {
  if (change === 'deleted') return { type: 'commentDeleted', comment_id: r.id, event_id: r.event_id, broadcast_statistics };
  if (change === 'created') {
    return { type: 'commentCreated', comment: toWsComment(r), users: { [String(r.user_id)]: toWsUser(r) }, broadcast_statistics };
  }
  return {
    type: 'commentVoted',
    comment_id: r.id,
    event_id: r.event_id,
    likes: { like: r.likes_count, dislike: r.dislikes_count },
    broadcast_statistics,
  };
}

async function readComments(s: FanoutState) {
  for (;;) {
    const rows = await commentsChangedSince(s.db, s.wm.commentRev, BATCH);
    const knownId = s.wm.commentId;
    const stats = onlineCounts(s.presence);
    for (const r of rows) {
      s.wm.commentRev = Math.max(s.wm.commentRev, r.row_rev);
      s.wm.commentId = Math.max(s.wm.commentId, r.id);
      if (!s.hub.hasEvent(r.event_id)) continue;
      const change = commentChange(s, r, knownId);
      if (change === null) continue;
      s.hub.toEvent(r.event_id, commentFrame(change, r, await stats(r.event_id)));
    }
    if (rows.length < BATCH) {
      // A carried comment the read never met (its event has no socket here, or it was already
      // behind the watermark) is not remembered past the watermark.
      for (const id of s.sentFromHint.keys()) if (id <= s.wm.commentId) s.sentFromHint.delete(id);
      return;
    }
  }
}

async function readBlocks(s: FanoutState) {
  const { hub } = s;
  for (;;) {
    const rows = await blocksChangedSince(s.db, s.wm.blockRev, BATCH);
    for (const b of rows) {
      s.wm.blockRev = Math.max(s.wm.blockRev, b.rev);
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

async function readMessages(s: FanoutState) {
  const { hub } = s;
  for (;;) {
    const rows = await messagesCreatedAfter(s.db, s.wm.messageId, BATCH);
    for (const m of rows) {
      s.wm.messageId = Math.max(s.wm.messageId, m.id);
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
function meetingNotice(a: AppointmentChange, knownId: number): [to: number[], type: MeetingNoticeType] {
  if (a.response === null) return [[a.to_user_id], a.id > knownId ? 'CURRENT_USER_INVITED' : 'APPOINTMENT_UPDATED'];
  if (a.response === 1) return [[a.from_user_id], 'APPOINTMENT_APPROVED'];
  if (a.canceled_by !== null && a.canceled_by !== a.from_user_id && a.canceled_by !== a.to_user_id) {
    // The organisers called it off (new meeting hours or places): neither person acted, both are told.
    return [[a.from_user_id, a.to_user_id], 'APPOINTMENT_REJECTED'];
  }
  const other = a.canceled_by === a.from_user_id ? a.to_user_id : a.from_user_id;
  return [[a.canceled_by === null ? a.from_user_id : other], 'APPOINTMENT_REJECTED'];
}

async function readAppointments(s: FanoutState) {
  for (;;) {
    const rows = await appointmentsChangedSince(s.db, s.wm.appointmentRev, BATCH);
    const knownId = s.wm.appointmentId;
    for (const a of rows) {
      s.wm.appointmentRev = Math.max(s.wm.appointmentRev, a.rev);
      s.wm.appointmentId = Math.max(s.wm.appointmentId, a.id);
      const [to, type] = meetingNotice(a, knownId);
      for (const user of to) {
        if (s.hub.hasUser(user)) s.hub.toUser(user, { type: 'meetingNotice', meetingNotice: { meeting_id: a.id, event_type: type } }, 'notice');
      }
    }
    if (rows.length < BATCH) return;
  }
}

/** The kinds a bus hint asks to be read; a carried comment is sent from the hint instead. */
function hintedKinds(hint: ChangeHint) {
  const kinds = new Set<Kind>();
  for (const c of hint.collections ?? []) for (const k of HINT_KINDS[c] ?? []) kinds.add(k);
  return kinds;
}

/** Runs the readers one at a time; a kind asked for while a read is under way is read once more after it. */
function readQueue(log: { error(o: unknown, msg?: string): void }, runners: Record<Kind, () => Promise<void>>) {
  const pending = new Set<Kind>();
  let running: Promise<void> | null = null;
  let stopped = false;

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
            await runners[k]();
          } catch (err) {
            // The watermark did not move past what failed; the next hint or poll retries it.
            log.error(err, `realtime fan-out of ${k} failed`);
          }
        }
      }
    })().finally(() => {
      running = null;
    });
  }

  return {
    kick,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

export function createFanout(deps: { db: Q; bus: Bus; hub: Hub; presence: Presence; log: { error(o: unknown, msg?: string): void } }): Fanout {
  const { db, bus, hub } = deps;
  const s = fanoutState(deps);
  let unsubscribe = () => {};
  let listening = false;
  let poll: NodeJS.Timeout | undefined;
  let catchUp: NodeJS.Timeout | undefined;

  const queue = readQueue(deps.log, {
    comments: () => {
      // This read covers every comment sent from its hint so far.
      clearTimeout(catchUp);
      catchUp = undefined;
      return readComments(s);
    },
    blocks: () => readBlocks(s),
    messages: () => readMessages(s),
    appointments: () => readAppointments(s),
  });
  const { kick } = queue;

  function carried(created: CreatedComment) {
    sendCarried(s, created).catch((err: unknown) => {
      // Not marked as sent, so the read sends it.
      deps.log.error(err, `realtime fan-out of comment ${created.comment.id} from its hint failed`);
      kick(['comments']);
    });
  }

  function onHint(message: unknown) {
    const hint = message as ChangeHint;
    const kinds = hintedKinds(hint);
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
  }

  return {
    heard(channel, message) {
      // Only while the bus copies are heard too: before start() the watermark is not read yet.
      const created = channel === HINTS_CHANNEL ? (message as ChangeHint).created : undefined;
      if (listening && created) carried(created);
    },
    async start() {
      Object.assign(s.wm, await fanoutWatermarks(db));
      unsubscribe = bus.subscribe(HINTS_CHANNEL, onHint);
      await bus.ready?.(HINTS_CHANNEL);
      listening = true;
      poll = setInterval(() => {
        if (hub.all.size > 0) kick();
      }, POLL_MS);
      poll.unref();
    },
    kick,
    async stop() {
      listening = false;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(catchUp);
      await queue.stop();
    },
  };
}
