import { describe, expect, it } from 'vitest';
import { isStageSection, liveEventId, liveSection, mayEnterLive } from '../../src/features/live/access.ts';
import { panelKind, panelTabs } from '../../src/features/live/LivePanel.tsx';
import { chatSocketUrl, readChatFrame } from '../../src/data/chat-socket.ts';

/** The live page's gate, its sections and side-panel tabs, and how the chat socket's frames move the counter. */

const none = { has_ticket: false, is_owner: false, is_moderator: false, is_free: false, checked_in: false };

describe('live page gate', () => {
  it('lets in ticket holders, owners and moderators, and checked-in visitors of a free event', () => {
    expect(mayEnterLive(none)).toBe(false);
    expect(mayEnterLive({ ...none, has_ticket: true })).toBe(true);
    expect(mayEnterLive({ ...none, is_owner: true })).toBe(true);
    expect(mayEnterLive({ ...none, is_moderator: true })).toBe(true);
    expect(mayEnterLive({ ...none, is_free: true })).toBe(false);
    expect(mayEnterLive({ ...none, checked_in: true })).toBe(false);
    expect(mayEnterLive({ ...none, is_free: true, checked_in: true })).toBe(true);
  });
});

describe('live page sections', () => {
  it('takes the event id from the route, or the first numeric segment', () => {
    expect(liveEventId('42', '/uk/events/42/live-translation/stage')).toBe(42);
    expect(liveEventId(undefined, '/uk/events/17/live-translation/chat')).toBe(17);
    expect(liveEventId('x', '/uk/events/live')).toBe(0);
  });

  it('knows the stage from the other sections', () => {
    expect(liveSection('/uk/events/1/live-translation/stage')).toBe('stage');
    expect(liveSection('/uk/events/1/live-translation/')).toBe('');
    expect(liveSection('/uk/events/1/live-translation/companies/5')).toBe('companies');
    expect(isStageSection(liveSection('/uk/events/1/live-translation'))).toBe(true);
    expect(isStageSection(liveSection('/uk/events/1/live-translation/stage'))).toBe(true);
    expect(isStageSection(liveSection('/uk/events/1/live-translation/chat'))).toBe(false);
    expect(isStageSection(liveSection('/uk/events/1/live-translation/visitors'))).toBe(false);
  });

  it('tells the stage and the chat from the other sections for the side panel', () => {
    expect(panelKind(liveSection('/uk/events/1/live-translation'))).toBe('stage');
    expect(panelKind(liveSection('/uk/events/1/live-translation/stage'))).toBe('stage');
    expect(panelKind(liveSection('/uk/events/1/live-translation/chat'))).toBe('chat');
    expect(panelKind(liveSection('/uk/events/1/live-translation/visitors'))).toBe('visitors');
    expect(panelKind(liveSection('/uk/events/1/live-translation/companies/5'))).toBe('other');
  });

  it('offers speech on the stage, preselects comments elsewhere, and never repeats the chat or the visitors beside themselves', () => {
    expect(panelTabs('stage')).toEqual({ tabs: ['speech', 'comments', 'visitors'], initial: 'speech' });
    expect(panelTabs('other')).toEqual({ tabs: ['comments', 'visitors'], initial: 'comments' });
    expect(panelTabs('chat')).toEqual({ tabs: ['speech', 'visitors'], initial: 'speech' });
    expect(panelTabs('visitors')).toEqual({ tabs: ['comments', 'speech'], initial: 'comments' });
  });
});

describe('chat socket frames', () => {
  const stats = (n: number) => ({ broadcast_statistics: { users_online: n } });

  it('puts the single-use ticket on a ws(s) URL of the chat channel', () => {
    expect(chatSocketUrl('http://127.0.0.1:8080', 'abc')).toBe('ws://127.0.0.1:8080/wss/chat?token=abc');
    expect(chatSocketUrl('https://foyer.example', 'a b')).toBe('wss://foyer.example/wss/chat?token=a+b');
  });

  it('reads the online counter from the registration and from comment frames of this event', () => {
    expect(readChatFrame(JSON.stringify({ type: 'registered', channel: 'chat', userId: 1, eventId: 7, ...stats(3) }), 7)).toEqual({
      kind: 'registered',
      online: 3,
    });
    expect(readChatFrame(JSON.stringify({ type: 'commentCreated', comment: { event_id: 7 }, users: {}, ...stats(4) }), 7)).toEqual({
      kind: 'online',
      online: 4,
      commentsChanged: true,
    });
    expect(readChatFrame(JSON.stringify({ type: 'commentDeleted', comment_id: 1, event_id: 7, ...stats(2) }), 7)).toEqual({
      kind: 'online',
      online: 2,
      commentsChanged: true,
    });
    expect(readChatFrame(JSON.stringify({ type: 'commentVoted', comment_id: 1, event_id: 7, likes: {}, ...stats(5) }), 7)).toEqual({
      kind: 'online',
      online: 5,
      commentsChanged: false,
    });
  });

  it('ignores frames of another event, malformed counters and garbage', () => {
    expect(readChatFrame(JSON.stringify({ type: 'commentCreated', comment: { event_id: 8 }, ...stats(4) }), 7).kind).toBe('ignore');
    expect(readChatFrame(JSON.stringify({ type: 'registered', eventId: 8, ...stats(4) }), 7).kind).toBe('ignore');
    expect(readChatFrame(JSON.stringify({ type: 'commentCreated', comment: { event_id: 7 }, broadcast_statistics: { users_online: -1 } }), 7).kind).toBe(
      'ignore',
    );
    expect(readChatFrame(JSON.stringify({ type: 'commentCreated', comment: { event_id: 7 }, broadcast_statistics: { users_online: '9' } }), 7).kind).toBe(
      'ignore',
    );
    expect(readChatFrame('not json', 7).kind).toBe('ignore');
    expect(readChatFrame('null', 7).kind).toBe('ignore');
    expect(readChatFrame(JSON.stringify({ type: 'pong' }), 7).kind).toBe('ignore');
  });

  it('passes on exceptions except userAccessException, which the specs say to ignore', () => {
    expect(
      readChatFrame(JSON.stringify({ type: 'Exception', Exception: { type: 'userAccessException', message: 'x', code: 'ticket_required' } }), 7).kind,
    ).toBe('ignore');
    expect(
      readChatFrame(
        JSON.stringify({
          type: 'Exception',
          Exception: { type: 'chatBlockedException', message: 'You are not allowed to send comments', code: 'chat_blocked' },
        }),
        7,
      ),
    ).toEqual({
      kind: 'exception',
      exception: { type: 'chatBlockedException', message: 'You are not allowed to send comments', code: 'chat_blocked' },
    });
  });
});
