import { describe, expect, it } from 'vitest';
import type { Notice } from '../../contract/notifications.ts';
import { noticeText, NOTICE_TEXT_MAX } from '../../contract/notifications.ts';
import type { AppointmentView } from '../../sync/views/appointments/overlay.ts';
import {
  buildNotifications,
  EMPTY_SOURCES,
  seenMarkOf,
  unreadNoticeIds,
  unseenCount,
  type NotificationSources,
} from '../../sync/views/notifications/notifications.ts';
import { appointmentDoc } from '../fixtures/appointment-doc.ts';

/**
 * The notifications list the header and the page show (sync/views/notifications): the server's
 * notices with queued read marks, "very soon" of accepted meetings, and runs of new messages.
 */

const ME = 1;
const ANNA = 2;
const NOW = 1_900_000_000;

function notice(over: Partial<Notice>): Notice {
  return {
    id: 1,
    kind: 'invited',
    at: NOW - 600,
    read: false,
    count: 1,
    actor: { user_id: ANNA, first_name: 'Anna', last_name: 'K', avatar: '' },
    meeting_id: 0,
    comment_id: 0,
    text: '',
    ...over,
  };
}

function meeting(over: Partial<AppointmentView>): AppointmentView {
  return {
    ...appointmentDoc(10, {
      event_id: 5,
      from_user_id: ANNA,
      to_user_id: ME,
      other_user_id: ANNA,
      date: '2030-03-17',
      time_start: NOW + 3600,
      time_end: NOW + 4500,
      any_time: false,
      is_online: true,
      request_date: NOW - 600,
      user_info: { user_id: ANNA, first_name: 'Anna', last_name: 'K', avatar: '', position: '', company: '', phone: '' },
    }),
    synced: true,
    pending: false,
    failure: null,
    role: null,
    ...over,
  };
}

const sources = (over: Partial<NotificationSources>): NotificationSources => ({ ...EMPTY_SOURCES, viewerId: ME, ...over });

describe('buildNotifications', () => {
  it('lists the server notices newest first, with what the meeting offers now', () => {
    const items = buildNotifications(
      sources({
        myEvents: [{ event_id: 5, notices: [notice({ id: 1, meeting_id: 10, at: NOW - 600 }), notice({ id: 2, kind: 'comment', at: NOW - 60, count: 3 })] }],
        events: new Map([[5, { name: 'Foyer Conf' }]]),
        appointments: [meeting({})],
      }),
      NOW,
    );
    expect(items.map((n) => [n.key, n.kind, n.eventName])).toEqual([
      ['n:2', 'comment', 'Foyer Conf'],
      ['n:1', 'invited', 'Foyer Conf'],
    ]);
    expect(items[1]!.meeting).toMatchObject({ confirmable: true, callable: false, timezone: 'Europe/Kyiv' });
    // Once it has begun, a request can no longer be confirmed.
    const later = buildNotifications(
      sources({ myEvents: [{ event_id: 5, notices: [notice({ id: 1, meeting_id: 10 })] }], appointments: [meeting({})] }),
      NOW + 3601,
    );
    expect(later[0]!.meeting?.confirmable).toBe(false);
  });

  it('shows a queued read mark at once, as pending until the server has it', () => {
    const src = sources({
      myEvents: [{ event_id: 5, notices: [notice({ id: 1 }), notice({ id: 2, at: NOW - 10 })] }],
      commands: [
        { kind: 'notification.read', payload: { ids: [1] }, status: 'pending' },
        // A refused mark changes nothing.
        { kind: 'notification.read', payload: { ids: [2] }, status: 'rejected' },
      ],
    });
    const items = buildNotifications(src, NOW);
    expect(items.map((n) => [n.noticeId, n.read, n.pending])).toEqual([
      [2, false, false],
      [1, true, true],
    ]);
    expect(unreadNoticeIds(items)).toEqual([2]);
    expect(unreadNoticeIds(items, new Set(['n:1']))).toEqual([]);
  });

  it('raises "very soon" for accepted meetings once their warning has come, unread until they start', () => {
    const accepted = meeting({ state: 'accepted', time_start: NOW + 10, time_end: NOW + 900 });
    const early = buildNotifications(sources({ appointments: [accepted] }), NOW - 10);
    expect(early).toEqual([]);
    const soon = buildNotifications(sources({ appointments: [accepted] }), NOW);
    expect(soon).toHaveLength(1);
    expect(soon[0]).toMatchObject({ kind: 'verySoon', read: false, meetingId: 10, meeting: { callable: true } });
    const started = buildNotifications(sources({ appointments: [accepted] }), NOW + 20);
    expect(started[0]).toMatchObject({ kind: 'verySoon', read: true, meeting: { callable: true } });
    const over = buildNotifications(sources({ appointments: [accepted] }), NOW + 1000);
    expect(over[0]!.meeting?.callable).toBe(false);
    // Any-time and pending meetings have no start to warn about.
    expect(buildNotifications(sources({ appointments: [meeting({ state: 'accepted', time_start: 0, time_end: 0 }), meeting({})] }), NOW)).toEqual([]);
  });

  it('makes one notice of each run of messages until the user answers; muted conversations stay quiet', () => {
    const msg = (id: number, sender: number, peer: number, read: boolean) => ({
      message_id: id,
      peer_id: peer,
      sender_id: sender,
      text: `m${id}`,
      created_at: NOW - 100 + id,
      read,
    });
    const items = buildNotifications(
      sources({
        messages: [
          msg(1, ANNA, ANNA, true),
          msg(2, ANNA, ANNA, true),
          msg(3, ME, ANNA, true),
          msg(4, ANNA, ANNA, false),
          msg(5, ANNA, ANNA, false),
          msg(6, 3, 3, false),
        ],
        dialogs: [
          { user_id: ANNA, first_name: 'Anna', last_name: 'K', avatar: '', muted: false },
          { user_id: 3, first_name: 'Muted', last_name: '', avatar: '', muted: true },
        ],
      }),
      NOW,
    );
    expect(items.map((n) => [n.key, n.count, n.read, n.text])).toEqual([
      [`msg:${ANNA}:4`, 2, false, 'm5'],
      [`msg:${ANNA}:1`, 2, true, 'm2'],
    ]);
    // Reading the conversation (dialog.read, queued) reads the notice.
    const read = buildNotifications(
      sources({ messages: [msg(4, ANNA, ANNA, false)], commands: [{ kind: 'dialog.read', payload: { user_id: ANNA }, status: 'sending' }] }),
      NOW,
    );
    expect(read[0]).toMatchObject({ read: true, pending: true });
  });

  it('counts as unseen only unread notices newer than the last look on this device, to the notice', () => {
    const items = buildNotifications(
      sources({
        myEvents: [{ event_id: 5, notices: [notice({ id: 1, at: NOW - 100 }), notice({ id: 2, at: NOW - 10 }), notice({ id: 3, at: NOW - 5, read: true })] }],
      }),
      NOW,
    );
    expect(unseenCount(items, { seenAt: 0, keys: [] })).toBe(2);
    expect(unseenCount(items, { seenAt: NOW - 50, keys: [] })).toBe(1);
    const seen = seenMarkOf(items);
    expect(seen).toEqual({ seenAt: NOW - 5, keys: ['n:3'] });
    expect(unseenCount(items, seen)).toBe(0);
    // A notice of the very second of the last look that was not shown then is still news.
    const later = buildNotifications(
      sources({ myEvents: [{ event_id: 5, notices: [notice({ id: 4, at: NOW - 5 }), notice({ id: 3, at: NOW - 5, read: true })] }] }),
      NOW,
    );
    expect(unseenCount(later, seen)).toBe(1);
  });

  it('is empty for a guest', () => {
    expect(buildNotifications({ ...EMPTY_SOURCES, myEvents: [{ event_id: 5, notices: [notice({})] }] }, NOW)).toEqual([]);
  });
});

describe('noticeText', () => {
  it('folds whitespace and cuts long text without splitting a character', () => {
    expect(noticeText('  a\n\n b  ')).toBe('a b');
    const long = `${'x'.repeat(NOTICE_TEXT_MAX - 2)}😀😀😀`;
    const cut = noticeText(long);
    expect(Array.from(cut)).toHaveLength(NOTICE_TEXT_MAX);
    expect(cut.endsWith('😀…')).toBe(true);
  });
});
