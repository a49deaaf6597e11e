import { describe, expect, it } from 'vitest';
import { SOCKET_RETRY_MS, SYNC_RETRY_MAX_MS } from '../../contract/constants.ts';
import { WS_PATHS } from '../../contract/ws.ts';
import { parseSocketFrame, socketException, socketRetryDelay, passSocketUrl } from '../../src/data/pass-socket.ts';

/** The pure parts of the page sockets' shared lifecycle (src/data/pass-socket.ts). */

describe('socket retry delay', () => {
  it("starts at the specs' 200 ms socket retry and doubles, jittered into the upper half", () => {
    expect(socketRetryDelay(0, () => 1)).toBe(SOCKET_RETRY_MS);
    expect(socketRetryDelay(0, () => 0)).toBe(SOCKET_RETRY_MS / 2);
    expect(socketRetryDelay(1, () => 1)).toBe(2 * SOCKET_RETRY_MS);
    expect(socketRetryDelay(3, () => 0.5)).toBe(Math.round(8 * SOCKET_RETRY_MS * 0.75));
  });

  it("stops growing at the sync's cap, however many attempts failed", () => {
    for (const attempt of [8, 16, 30, 1000]) {
      expect(socketRetryDelay(attempt, () => 1)).toBe(SYNC_RETRY_MAX_MS);
      expect(socketRetryDelay(attempt, () => 0)).toBe(SYNC_RETRY_MAX_MS / 2);
    }
  });

  it('spreads clients at the cap over a range rather than one instant', () => {
    const draws = new Set(Array.from({ length: 200 }, () => socketRetryDelay(30)));
    expect(draws.size).toBeGreaterThan(100);
    for (const d of draws) expect(d).toBeGreaterThanOrEqual(SYNC_RETRY_MAX_MS / 2);
  });
});

describe('socket URL', () => {
  it('puts the single-use ticket on a ws(s) URL of the channel', () => {
    expect(passSocketUrl(WS_PATHS.notice, 'http://127.0.0.1:8080', 'abc')).toBe('ws://127.0.0.1:8080/wss/notice?token=abc');
    expect(passSocketUrl(WS_PATHS.chat, 'https://foyer.example/uk/events', 'a&b')).toBe('wss://foyer.example/wss/chat?token=a%26b');
    expect(passSocketUrl(WS_PATHS.chat, 'https://foyer.example/uk/events', 'abc', 'pl')).toBe('wss://foyer.example/wss/chat?token=abc&lang=pl');
  });
});

describe('socket frames', () => {
  it('reads JSON objects and nothing else', () => {
    expect(parseSocketFrame('{"type":"registered"}')).toEqual({ type: 'registered' });
    expect(parseSocketFrame(Buffer.from('{"type":"pong"}'))).toEqual({ type: 'pong' });
    for (const bad of ['not json', 'null', '42', '"registered"', '']) expect(parseSocketFrame(bad)).toBeNull();
  });

  it('passes Exceptions on for the page, except userAccessException', () => {
    expect(socketException({ type: 'chatBlockedException', message: 'no', code: 'chat_blocked' })).toEqual({
      type: 'chatBlockedException',
      message: 'no',
      code: 'chat_blocked',
    });
    expect(socketException({ type: 'invalidInputException' })).toEqual({ type: 'invalidInputException', message: '', code: 'unknown_error' });
    expect(socketException({ type: 'userAccessException', message: 'x', code: 'ticket_required' })).toBeNull();
    expect(socketException(undefined)).toBeNull();
  });
});
