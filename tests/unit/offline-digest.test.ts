import { describe, expect, it } from 'vitest';
import {
  DIGEST_LINES_SHOWN,
  digestLine,
  mergeDigest,
  shownLines,
  type DigestChange,
  type DigestContext,
  type DigestLine,
} from '../../sync/views/digest/rules.ts';

const ME = 7;
const ANNA = 11;
const ctx: DigestContext = { viewerId: ME, starred: new Set([100]), ownMeetings: new Set([55]), ownTickets: new Set([901]) };

const meeting = (over: Record<string, unknown> = {}) => ({
  meeting_id: 42,
  event_id: 3,
  from_user_id: ME,
  to_user_id: ANNA,
  state: 'pending',
  canceled_by: 0,
  user_info: { first_name: 'Anna', last_name: 'Koval' },
  ...over,
});
const speech = (over: Record<string, unknown> = {}) => ({ speech_id: 100, event_id: 3, title: 'Offline first', starts_at: 1000, ends_at: 2000, ...over });
const ticket = (over: Record<string, unknown> = {}) => ({
  kind: 'ticket',
  ticket_id: 900,
  event_id: 3,
  type: 'Standard',
  status: 'valid',
  invalid: false,
  ...over,
});
const message = (over: Record<string, unknown> = {}) => ({ message_id: 1, sender_id: ANNA, peer_id: ANNA, read: false, text: 'hi', ...over });

const change = (collection: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): DigestChange => ({
  collection,
  before,
  after,
});
const kindOf = (c: DigestChange) => digestLine(c, ctx)?.kind ?? null;

describe('offline digest: meetings', () => {
  it('makes a line when the other person answers, with their name and the meetings screen', () => {
    const line = digestLine(change('appointments', meeting(), meeting({ state: 'accepted' })), ctx);
    expect(line).toMatchObject({ kind: 'meetingAccepted', name: 'Anna Koval', link: '/profile/mymeeting?event_id=3', key: 'meeting:42' });
    expect(kindOf(change('appointments', meeting(), meeting({ state: 'rejected' })))).toBe('meetingRejected');
    expect(kindOf(change('appointments', meeting({ state: 'accepted' }), meeting({ state: 'canceled', canceled_by: ANNA })))).toBe('meetingCancelled');
  });

  it('makes a line for a new request to the person, not for one the person sent', () => {
    expect(kindOf(change('appointments', null, meeting({ from_user_id: ANNA, to_user_id: ME })))).toBe('meetingRequested');
    expect(kindOf(change('appointments', null, meeting()))).toBeNull();
  });

  it('leaves out what the person did: their own command, their own cancellation', () => {
    expect(kindOf(change('appointments', meeting({ meeting_id: 55 }), meeting({ meeting_id: 55, state: 'accepted' })))).toBeNull();
    expect(kindOf(change('appointments', meeting({ state: 'accepted' }), meeting({ state: 'canceled', canceled_by: ME })))).toBeNull();
    // The person accepted Anna's request on another device: not news here either.
    const theirs = { from_user_id: ANNA, to_user_id: ME };
    expect(kindOf(change('appointments', meeting(theirs), meeting({ ...theirs, state: 'accepted' })))).toBeNull();
    expect(kindOf(change('appointments', meeting(theirs), meeting({ ...theirs, state: 'rejected' })))).toBeNull();
  });

  it('says nothing when the state did not change (a new rev, a moved place)', () => {
    expect(kindOf(change('appointments', meeting({ state: 'accepted' }), meeting({ state: 'accepted', place: 2 })))).toBeNull();
    expect(kindOf(change('appointments', meeting(), null))).toBeNull();
  });
});

describe('offline digest: starred talks', () => {
  it('tells a moved talk from a cancelled one', () => {
    expect(digestLine(change('schedule', speech(), speech({ starts_at: 4600, ends_at: 5600 })), ctx)).toMatchObject({
      kind: 'talkMoved',
      name: 'Offline first',
      link: '/profile/calendar',
    });
    expect(kindOf(change('schedule', speech(), null))).toBe('talkCancelled');
  });

  it('ignores talks the person did not star, new talks, and edits that keep the time', () => {
    expect(kindOf(change('schedule', speech({ speech_id: 101 }), speech({ speech_id: 101, starts_at: 9 })))).toBeNull();
    expect(kindOf(change('schedule', null, speech()))).toBeNull();
    expect(kindOf(change('schedule', speech(), speech({ title: 'Offline first, again' })))).toBeNull();
  });
});

describe('offline digest: messages and tickets', () => {
  it('counts unread messages from other people, not the person’s own nor ones already held', () => {
    expect(digestLine(change('messages', null, message()), ctx)).toMatchObject({
      kind: 'messages',
      key: `messages:${ANNA}`,
      link: `/profile/mymessages?user_id=${ANNA}`,
    });
    expect(kindOf(change('messages', null, message({ sender_id: ME })))).toBeNull();
    expect(kindOf(change('messages', null, message({ read: true })))).toBeNull();
    expect(kindOf(change('messages', message(), message({ read: true })))).toBeNull();
  });

  it('tells a transferred ticket from a revoked one, and leaves out the person’s own transfer', () => {
    expect(kindOf(change('tickets', ticket(), ticket({ status: 'transferred' })))).toBe('ticketTransferred');
    expect(kindOf(change('tickets', ticket(), ticket({ status: 'cancelled' })))).toBe('ticketRevoked');
    expect(kindOf(change('tickets', ticket(), ticket({ invalid: true })))).toBe('ticketRevoked');
    expect(kindOf(change('tickets', ticket({ ticket_id: 901 }), ticket({ ticket_id: 901, status: 'transferred' })))).toBeNull();
    expect(kindOf(change('tickets', ticket({ status: 'cancelled' }), ticket({ status: 'cancelled', type: 'VIP' })))).toBeNull();
    expect(kindOf(change('tickets', ticket({ kind: 'order' }), ticket({ kind: 'order', status: 'cancelled' })))).toBeNull();
  });

  it('ignores the collections that make no lines', () => {
    expect(kindOf(change('visitors', {}, {}))).toBeNull();
  });
});

describe('offline digest: merging and bounds', () => {
  const line = (key: string, kind: DigestLine['kind'], name = ''): DigestLine => ({ key, kind, count: 1, name, eventId: 0, link: '/' });

  it('adds up messages from one person and keeps the newest state of a meeting', () => {
    const merged = mergeDigest(
      [line('messages:11', 'messages', 'Anna'), line('meeting:42', 'meetingAccepted')],
      [line('messages:11', 'messages'), line('meeting:42', 'meetingCancelled')],
    );
    expect(merged).toEqual([{ ...line('messages:11', 'messages', 'Anna'), count: 2 }, line('meeting:42', 'meetingCancelled')]);
  });

  it('shows a few lines and says how many more', () => {
    const many = Array.from({ length: DIGEST_LINES_SHOWN + 3 }, (_, i) => line(`talk:${i}`, 'talkMoved'));
    const { shown, more } = shownLines(many);
    expect(shown).toHaveLength(DIGEST_LINES_SHOWN);
    expect(more).toBe(3);
    expect(shownLines(many.slice(0, 2)).more).toBe(0);
  });
});
