/**
 * What changed while the person was offline (issue 31): the rules that turn pulled documents,
 * each seen before and after the pull wrote it, into the lines of one short digest. Pure, so the
 * worker's task (digest.ts) and the unit tests share them. Nothing here asks the server: the
 * digest is read from the changes the ordinary pulls bring.
 */

export type DigestKind =
  | 'talkMoved'
  | 'talkCancelled'
  | 'meetingRequested'
  | 'meetingAccepted'
  | 'meetingRejected'
  | 'meetingCancelled'
  | 'messages'
  | 'ticketTransferred'
  | 'ticketRevoked';

export interface DigestLine {
  /** One line per thing: a later change of the same meeting replaces the line, messages add up. */
  key: string;
  kind: DigestKind;
  /** Messages from one person; 1 otherwise. */
  count: number;
  /** The other person, the talk's title or the ticket's type. */
  name: string;
  eventId: number;
  /** The screen the line opens, without the locale prefix. */
  link: string;
}

/** A pulled document as the device held it before the pull and as the pull wrote it; null: absent or deleted. */
export interface DigestChange {
  collection: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface DigestContext {
  viewerId: number;
  /** Speech ids the person starred. */
  starred: ReadonlySet<number>;
  /** Meetings and tickets the person's own commands touched: their results are not news. */
  ownMeetings: ReadonlySet<number>;
  ownTickets: ReadonlySet<number>;
}

/** The digest shows this many lines, then "and N more". */
export const DIGEST_LINES_SHOWN = 4;

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function personName(doc: Record<string, unknown>): string {
  const info = (doc.user_info ?? {}) as Record<string, unknown>;
  return `${str(info.first_name)} ${str(info.last_name)}`.trim();
}

function meetingLine(c: DigestChange, ctx: DigestContext): DigestLine | null {
  const after = c.after;
  if (!after) return null;
  const id = num(after.meeting_id);
  if (ctx.ownMeetings.has(id)) return null;
  const state = str(after.state);
  const was = c.before ? str(c.before.state) : null;
  if (state === was) return null;
  const line = {
    key: `meeting:${id}`,
    count: 1,
    name: personName(after),
    eventId: num(after.event_id),
    link: `/profile/mymeeting?event_id=${num(after.event_id)}`,
  };
  if (state === 'pending') return num(after.to_user_id) === ctx.viewerId ? { ...line, kind: 'meetingRequested' } : null;
  if (was === null) return null;
  // Only the invitee answers a request: an answer is news to the person who asked, and one the
  // person gave on another device is not.
  const asked = num(after.from_user_id) === ctx.viewerId;
  if (state === 'accepted') return asked ? { ...line, kind: 'meetingAccepted' } : null;
  if (state === 'rejected') return asked && num(after.canceled_by) !== ctx.viewerId ? { ...line, kind: 'meetingRejected' } : null;
  if (state === 'canceled' && num(after.canceled_by) !== ctx.viewerId) return { ...line, kind: 'meetingCancelled' };
  return null;
}

function messageLine(c: DigestChange, ctx: DigestContext): DigestLine | null {
  const after = c.after;
  // Only a message new to the device; an edit or a read mark of one it had is not news.
  if (c.before || !after || after.read === true) return null;
  const sender = num(after.sender_id);
  if (sender === ctx.viewerId || sender === 0) return null;
  return { key: `messages:${sender}`, kind: 'messages', count: 1, name: '', eventId: 0, link: `/profile/mymessages?user_id=${sender}` };
}

function talkLine(c: DigestChange, ctx: DigestContext): DigestLine | null {
  // A talk new to the device was not on the person's calendar before.
  const before = c.before;
  if (!before) return null;
  const speechId = num(before.speech_id);
  if (!ctx.starred.has(speechId)) return null;
  const line = { key: `talk:${speechId}`, count: 1, name: str(before.title), eventId: num(before.event_id), link: '/profile/calendar' };
  if (!c.after) return { ...line, kind: 'talkCancelled' };
  if (num(c.after.starts_at) !== num(before.starts_at) || num(c.after.ends_at) !== num(before.ends_at)) {
    return { ...line, name: str(c.after.title), kind: 'talkMoved' };
  }
  return null;
}

function ticketLine(c: DigestChange, ctx: DigestContext): DigestLine | null {
  const { before, after } = c;
  if (!before || !after || str(after.kind) !== 'ticket') return null;
  const id = num(after.ticket_id);
  if (ctx.ownTickets.has(id)) return null;
  const line = { key: `ticket:${id}`, count: 1, name: str(after.type), eventId: num(after.event_id), link: '/profile/mytickets' };
  const wasVoid = str(before.status) !== 'valid' || before.invalid === true;
  if (wasVoid) return null;
  if (str(after.status) === 'transferred') return { ...line, kind: 'ticketTransferred' };
  if (str(after.status) !== 'valid' || after.invalid === true) return { ...line, kind: 'ticketRevoked' };
  return null;
}

const RULES: Record<string, (c: DigestChange, ctx: DigestContext) => DigestLine | null> = {
  appointments: meetingLine,
  messages: messageLine,
  schedule: talkLine,
  tickets: ticketLine,
};

/** The collections whose pulled changes can make a line. */
export const DIGEST_COLLECTIONS: readonly string[] = Object.keys(RULES);

/** The line one change makes, or null when it is not news for the person. */
export function digestLine(c: DigestChange, ctx: DigestContext): DigestLine | null {
  return RULES[c.collection]?.(c, ctx) ?? null;
}

/**
 * Adds lines to a digest: messages from one person add up, a newer line of the same meeting,
 * talk or ticket replaces the older one (accepted, then cancelled, reads "cancelled").
 */
export function mergeDigest(lines: readonly DigestLine[], added: readonly DigestLine[]): DigestLine[] {
  const byKey = new Map(lines.map((l) => [l.key, l]));
  for (const l of added) {
    const had = byKey.get(l.key);
    byKey.delete(l.key);
    byKey.set(l.key, had && l.kind === 'messages' ? { ...l, count: had.count + l.count, name: l.name || had.name } : l);
  }
  return [...byKey.values()];
}

/** The lines shown and how many more there are. */
export function shownLines(lines: readonly DigestLine[]): { shown: DigestLine[]; more: number } {
  return { shown: lines.slice(0, DIGEST_LINES_SHOWN), more: Math.max(0, lines.length - DIGEST_LINES_SHOWN) };
}
