import { combineLatest, distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import type { EventDoc, MyEventDoc } from '../../../contract/entities.ts';
import type { DialogDoc, MessageDoc } from '../../../contract/chat.ts';
import { REMINDER_LEAD_MS } from '../../../contract/constants.ts';
import { hasBegun } from '../../../contract/appointment-status.ts';
import type { Notice } from '../../../contract/notifications.ts';
import type { TicketDoc } from '../../../contract/tickets.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { observeLocal, writeLocal } from '../../store/local.ts';
import { observeSession } from '../../store/observe.ts';
import { isInFlight } from '../../store/overlay.ts';
import type { AppointmentView } from '../appointments/overlay.ts';
import { observeAppointmentViews } from '../appointments/store.ts';

/**
 * The notifications list (issue 16; events.md §4 "Dashboard notifications"): everything the
 * dashboard raised, newest first, read or unread, with what each offers. Three sources, all on the
 * device, so the list survives a reload and works offline:
 *
 * - the server's notices, carried in the user's my_events documents (contract/notifications.ts):
 *   invited, updated, approved, rejected, canceled, comments on an event the user organises and
 *   votes on the user's comment. Their read marks are `notification.read` commands, so they reach
 *   the user's other devices; a queued one shows at once.
 * - "very soon" of every accepted, timed meeting whose 15-second warning has come, from the
 *   appointments. It is unread only until the meeting starts: it is a warning, not a task.
 * - new private messages, from the messages collection: each run of messages from one person
 *   (until the user answers) is one notice, read when the conversation is read (`dialog.read`, the
 *   messages screen's own mark). Muted conversations raise none.
 * - waitlist offers, from the user's tickets collection: unread while the place is held for them.
 *
 * When the user last looked at the list (the header's panel or the page) is a local document of
 * this device: a notice newer than that and unread is "unseen", which lights the header's flag.
 */

export type NotificationKind = 'invited' | 'updated' | 'approved' | 'rejected' | 'canceled' | 'comment' | 'vote' | 'verySoon' | 'message' | 'waitlistOffer';

export interface NotificationMeeting {
  state: AppointmentView['state'];
  /** The user may still confirm it: a pending request to the user whose time has not begun. */
  confirmable: boolean;
  /** An accepted meeting that has not ended: the call can be opened. */
  callable: boolean;
  timeStart: number;
  timeEnd: number;
  date: string;
  timezone: string;
  isOnline: boolean;
}

export interface NotificationItem {
  /** Unique and stable: `n:<id>` for the server's notices, `soon:…` and `msg:…` for derived ones. */
  key: string;
  kind: NotificationKind;
  /** Unix seconds of the latest occurrence. */
  at: number;
  read: boolean;
  /** A read mark waits in the outbox. */
  pending: boolean;
  count: number;
  actor: Notice['actor'];
  eventId: number;
  eventName: string;
  /** The server's notice id; 0 for derived notices, which are read through their source. */
  noticeId: number;
  meetingId: number;
  commentId: number;
  text: string;
  /** The meeting as it stands now, for invited … canceled and verySoon; null when the device lacks it. */
  meeting: NotificationMeeting | null;
  /** Where the notice's action leads (a waitlist offer's checkout) while it can be acted on; '' otherwise. */
  link?: string;
}

export interface NotificationSources {
  viewerId: number | null;
  myEvents: readonly Pick<MyEventDoc, 'event_id' | 'notices'>[];
  events: ReadonlyMap<number, Pick<EventDoc, 'name'>>;
  appointments: readonly AppointmentView[];
  messages: readonly Pick<MessageDoc, 'message_id' | 'peer_id' | 'sender_id' | 'text' | 'created_at' | 'read'>[];
  dialogs: readonly Pick<DialogDoc, 'user_id' | 'first_name' | 'last_name' | 'avatar' | 'muted'>[];
  /** Queued notification.read and dialog.read commands. */
  commands: readonly Pick<OutboxDoc, 'kind' | 'payload' | 'status'>[];
  /** What this device last showed (markNotificationsSeen). */
  seen: SeenMark;
  /** The user's places in waitlists (tickets documents of kind `waitlist`): each offer is a notice. */
  waitlist?: readonly Pick<TicketDoc, 'event_id' | 'type' | 'event' | 'waitlist'>[];
}

/** The list keeps this many; older notices stay on their sources. */
export const NOTIFICATIONS_KEPT = 300;
/** "very soon" of meetings older than this is no longer listed. */
const VERY_SOON_KEPT_S = 30 * 24 * 3600;

export const LOCAL_NOTIFICATIONS_SEEN = 'notifications:seen';
export interface SeenMark {
  /** Unix seconds of the newest notice the list held when last shown; 0 never. */
  seenAt: number;
  /** The notices of that second that were shown. */
  keys: string[];
}

export const EMPTY_SOURCES: NotificationSources = {
  viewerId: null,
  myEvents: [],
  events: new Map(),
  appointments: [],
  messages: [],
  dialogs: [],
  commands: [],
  seen: { seenAt: 0, keys: [] },
};

function meetingOf(v: AppointmentView, viewerId: number, nowMs: number): NotificationMeeting {
  const begun = hasBegun(v, nowMs);
  return {
    state: v.state,
    confirmable: v.state === 'pending' && v.to_user_id === viewerId && !begun,
    callable: v.state === 'accepted' && (v.time_end ? v.time_end * 1000 > nowMs : !begun),
    timeStart: v.time_start,
    timeEnd: v.time_end,
    date: v.date,
    timezone: v.timezone,
    isOnline: v.is_online,
  };
}

const nobody = { user_id: 0, first_name: '', last_name: '', avatar: '' };

/** The list as the screens show it, newest first. Pure: the page, the worker and the tests share it. */
export function buildNotifications(src: NotificationSources, nowSec: number): NotificationItem[] {
  const viewerId = src.viewerId;
  if (viewerId === null) return [];
  const nowMs = nowSec * 1000;
  const meetings = new Map<number, AppointmentView>();
  for (const v of src.appointments) if (v.meeting_id) meetings.set(v.meeting_id, v);
  const readQueued = new Set<number>();
  const dialogsReadQueued = new Set<number>();
  for (const c of src.commands) {
    if (!isInFlight(c as OutboxDoc)) continue;
    if (c.kind === 'notification.read' && Array.isArray(c.payload.ids)) for (const id of c.payload.ids) readQueued.add(Number(id));
    if (c.kind === 'dialog.read' && typeof c.payload.user_id === 'number') dialogsReadQueued.add(c.payload.user_id);
  }
  const eventName = (id: number) => src.events.get(id)?.name ?? '';
  const out: NotificationItem[] = [];

  for (const mine of src.myEvents) {
    for (const n of mine.notices) {
      const m = n.meeting_id ? meetings.get(n.meeting_id) : undefined;
      const queued = readQueued.has(n.id);
      out.push({
        key: `n:${n.id}`,
        kind: n.kind as NotificationKind,
        at: n.at,
        read: n.read || queued,
        pending: queued && !n.read,
        count: n.count,
        actor: n.actor,
        eventId: mine.event_id,
        eventName: eventName(mine.event_id),
        noticeId: n.id,
        meetingId: n.meeting_id,
        commentId: n.comment_id,
        text: n.text,
        meeting: m ? meetingOf(m, viewerId, nowMs) : null,
      });
    }
  }

  for (const v of src.appointments) {
    if (v.state !== 'accepted' || !v.meeting_id || !v.time_start) continue;
    const at = v.time_start - REMINDER_LEAD_MS / 1000;
    if (at > nowSec || v.time_start < nowSec - VERY_SOON_KEPT_S) continue;
    out.push({
      key: `soon:${v.meeting_id}:${v.time_start}`,
      kind: 'verySoon',
      at,
      read: nowSec >= v.time_start,
      pending: false,
      count: 1,
      actor: { user_id: v.user_info.user_id, first_name: v.user_info.first_name, last_name: v.user_info.last_name, avatar: v.user_info.avatar },
      eventId: v.event_id,
      eventName: eventName(v.event_id),
      noticeId: 0,
      meetingId: v.meeting_id,
      commentId: 0,
      text: '',
      meeting: meetingOf(v, viewerId, nowMs),
    });
  }

  out.push(...messageNotices(src, viewerId, dialogsReadQueued));
  out.push(...offerNotices(src, nowSec));
  out.sort((a, b) => b.at - a.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return out.slice(0, NOTIFICATIONS_KEPT);
}

/**
 * A waitlist offer is a notice: unread while the place is held for the user (a task, like "very
 * soon"), with "Buy now"; read once bought, expired or passed on.
 */
function offerNotices(src: NotificationSources, nowSec: number): NotificationItem[] {
  return (src.waitlist ?? [])
    .filter((d) => d.waitlist.offered_at > 0)
    .map((d) => {
      const w = d.waitlist;
      const open = w.state === 'offered' && w.offer_key !== '' && w.offer_expires > nowSec;
      return {
        key: `offer:${w.entry_id}:${w.offered_at}`,
        kind: 'waitlistOffer' as const,
        at: w.offered_at,
        read: !open,
        pending: false,
        count: 1,
        actor: nobody,
        eventId: d.event_id,
        eventName: d.event.name,
        noticeId: 0,
        meetingId: 0,
        commentId: 0,
        text: d.type,
        meeting: null,
        link: open ? `/events/${d.event_id}/checkout?offer=${w.offer_key}` : '',
      };
    });
}

/** One notice per run of messages from one person, until the user wrote back. */
function messageNotices(src: NotificationSources, viewerId: number, readQueued: ReadonlySet<number>): NotificationItem[] {
  const dialogs = new Map(src.dialogs.map((d) => [d.user_id, d]));
  const byPeer = new Map<number, NotificationSources['messages'][number][]>();
  for (const m of src.messages) {
    const list = byPeer.get(m.peer_id) ?? [];
    byPeer.set(m.peer_id, list);
    list.push(m);
  }
  const out: NotificationItem[] = [];
  for (const [peer, list] of byPeer) {
    const dialog = dialogs.get(peer);
    if (dialog?.muted) continue;
    list.sort((a, b) => a.message_id - b.message_id);
    let run: typeof list = [];
    const close = () => {
      const first = run[0];
      const last = run.at(-1);
      if (!first || !last) return;
      const unread = run.some((m) => !m.read) && !readQueued.has(peer);
      out.push({
        key: `msg:${peer}:${first.message_id}`,
        kind: 'message',
        at: last.created_at,
        read: !unread,
        pending: readQueued.has(peer) && run.some((m) => !m.read),
        count: run.length,
        actor: dialog ? { user_id: peer, first_name: dialog.first_name, last_name: dialog.last_name, avatar: dialog.avatar } : { ...nobody, user_id: peer },
        eventId: 0,
        eventName: '',
        noticeId: 0,
        meetingId: 0,
        commentId: 0,
        text: last.text,
        meeting: null,
      });
      run = [];
    };
    for (const m of list) {
      if (m.sender_id === viewerId) close();
      else run.push(m);
    }
    close();
  }
  return out;
}

/** Unread notices that came after the user last looked at the list on this device. */
export function unseenCount(items: readonly NotificationItem[], seen: SeenMark): number {
  return items.filter((n) => !n.read && (n.at > seen.seenAt || (n.at === seen.seenAt && !seen.keys.includes(n.key)))).length;
}

/** The server's notice ids among these keys that are still unread, for notification.read. */
export function unreadNoticeIds(items: readonly NotificationItem[], keys?: ReadonlySet<string>): number[] {
  return items.filter((n) => n.noticeId > 0 && !n.read && (!keys || keys.has(n.key))).map((n) => n.noticeId);
}

const docs = <T>(list: { toJSON(): unknown }[]) => list.map((d) => d.toJSON() as T);

/** Everything the list is built from, live; empty for a guest. */
export function observeNotificationSources(db: FoyerDatabase): Observable<NotificationSources> {
  const seen$ = observeLocal<SeenMark>(db, LOCAL_NOTIFICATIONS_SEEN).pipe(map((s) => s ?? EMPTY_SOURCES.seen));
  return observeSession(db).pipe(
    map((s) => (s.user && !s.ended ? s.user.id : null)),
    distinctUntilChanged(),
    switchMap((viewerId) => {
      if (viewerId === null) return of(EMPTY_SOURCES);
      const myEvents$ = db.my_events.find().$.pipe(map((l) => docs<MyEventDoc>(l).filter((d) => d.notices.length > 0)));
      const appointments$ = observeAppointmentViews(db).pipe(map((a) => a.views));
      const messages$ = db.messages.find({ selector: { sender_id: { $ne: viewerId } } }).$.pipe(map((l) => docs<MessageDoc>(l)));
      const dialogs$ = db.dialogs.find().$.pipe(map((l) => docs<DialogDoc>(l)));
      const waitlist$ = db.tickets.find({ selector: { kind: 'waitlist' } }).$.pipe(map((l) => docs<TicketDoc>(l)));
      const commands$ = db.outbox.find({ selector: { kind: { $in: ['notification.read', 'dialog.read'] } } }).$.pipe(map((l) => docs<OutboxDoc>(l)));
      const ids$ = combineLatest([myEvents$, appointments$]).pipe(
        map(([mine, views]) => [...new Set([...mine.map((d) => d.event_id), ...views.map((v) => v.event_id)])].sort((a, b) => a - b).map(String)),
        distinctUntilChanged((a, b) => a.join(',') === b.join(',')),
      );
      const events$ = ids$.pipe(
        switchMap((ids) =>
          ids.length
            ? db.events
                .findByIds(ids)
                .$.pipe(map((found) => new Map([...found.values()].map((d) => d.toJSON() as EventDoc).map((e) => [e.event_id, e] as const))))
            : of(new Map<number, EventDoc>()),
        ),
      );
      return combineLatest([myEvents$, events$, appointments$, messages$, dialogs$, commands$, seen$, waitlist$]).pipe(
        map(([myEvents, events, appointments, messages, dialogs, commands, seen, waitlist]) => ({
          viewerId,
          myEvents,
          events,
          appointments,
          messages,
          dialogs,
          commands,
          seen,
          waitlist,
        })),
      );
    }),
  );
}

/**
 * The user looked at the list: what it holds is no longer unseen on this device. The mark is the
 * newest notice's own time (server times, to the second) and the notices of that very second, so a
 * notice that arrives in the same second, or from a server whose clock is behind the device's, is
 * still news.
 */
export function seenMarkOf(items: readonly NotificationItem[]): SeenMark {
  const seenAt = items.reduce((m, n) => Math.max(m, n.at), 0);
  return { seenAt, keys: items.filter((n) => n.at === seenAt).map((n) => n.key) };
}

export function markNotificationsSeen(db: FoyerDatabase, items: readonly NotificationItem[]): Promise<void> {
  return writeLocal<SeenMark>(db, LOCAL_NOTIFICATIONS_SEEN, seenMarkOf(items));
}
