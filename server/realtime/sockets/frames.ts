import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { RawData } from 'ws';
import type { ErrorCode } from '../../../contract/errors.ts';
import { ClientFrame, WS_CLOSE, WS_EXCEPTIONS, WS_RATE_BURST, WS_RATE_MAX_DROPS, WS_RATE_PER_SEC, type WsExceptionType } from '../../../contract/ws.ts';
import type { Conn, Hub } from '../hub.ts';
import { errorText } from '../../domain/error-texts.ts';

/** What both channels share about frames: reading them, pacing them, and answering with Exceptions. */

const checkFrame = TypeCompiler.Compile(ClientFrame);

const EXCEPTION_OF: Partial<Record<ErrorCode, WsExceptionType>> = {
  forbidden: WS_EXCEPTIONS.userAccess,
  auth_required: WS_EXCEPTIONS.userAccess,
  ticket_required: WS_EXCEPTIONS.userAccess,
  moderator_required: WS_EXCEPTIONS.userAccess,
  event_not_found: WS_EXCEPTIONS.userAccess,
  event_removed: WS_EXCEPTIONS.userAccess,
  participation_required: WS_EXCEPTIONS.userAccess,
  chat_blocked: WS_EXCEPTIONS.chatBlocked,
  rate_limited: WS_EXCEPTIONS.rateLimit,
  meeting_required: WS_EXCEPTIONS.personalMessage,
  dialog_not_found: WS_EXCEPTIONS.personalMessage,
  comment_not_found: WS_EXCEPTIONS.notFound,
  not_found: WS_EXCEPTIONS.notFound,
  invalid_input: WS_EXCEPTIONS.invalidInput,
  chat_block_not_allowed: WS_EXCEPTIONS.invalidInput,
};

/**
 * English text for clients that show `message` as it is and did not say their language; others
 * translate `code`. These predate the translated catalogue and stay word for word for those clients.
 */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  chat_blocked: 'You are not allowed to send comments',
  meeting_required: 'You can write to this person once a meeting with them has been approved',
  ticket_required: 'A ticket for this event is required',
  moderator_required: 'Only moderators of this event can do this',
  chat_block_not_allowed: 'This user cannot be blocked in this chat',
  rate_limited: 'Too many messages, slow down',
  forbidden: 'Access denied',
  invalid_input: 'Invalid input data',
};

export type Exception = (conn: Conn, code: ErrorCode, detail?: string) => void;

/**
 * Exception frames (events.md §7 "Server socket messages may carry an Exception with type and
 * message"). A socket whose client said its language (`?lang=` when it opened, or `lang` in its
 * register frame) gets `message` in it, from the app's own catalogue, with what the server said
 * besides moved to `detail`, as the legacy calls do; one that did not keeps the old English.
 */
export function exceptions(hub: Hub, langOf: (conn: Conn) => string | undefined = () => undefined): Exception {
  return (conn, code, detail) => {
    const type = EXCEPTION_OF[code] ?? WS_EXCEPTIONS.unknown;
    const lang = langOf(conn);
    const Exception = lang
      ? { type, message: errorText(code, lang), code, ...(detail ? { detail } : {}) }
      : { type, message: MESSAGES[code] ?? detail ?? code, code };
    hub.send(conn, { type: 'Exception', Exception });
  };
}

/** Ids arrive as numbers or numeric strings; the frame schema has checked which. */
export const toId = (v: number | string): number => (typeof v === 'number' ? v : Number(v));

/** A token bucket per socket; false when the frame must be dropped. */
export function admit(conn: Conn, exception: Exception): boolean {
  const now = Date.now();
  conn.tokens = Math.min(WS_RATE_BURST, conn.tokens + ((now - conn.refilledAt) / 1000) * WS_RATE_PER_SEC);
  conn.refilledAt = now;
  if (conn.tokens >= 1) {
    conn.tokens -= 1;
    return true;
  }
  conn.dropped++;
  if (conn.dropped > WS_RATE_MAX_DROPS) conn.socket.close(WS_CLOSE.policy, 'rate limit');
  else if (now - conn.lastRateNotice >= 1000) {
    conn.lastRateNotice = now;
    exception(conn, 'rate_limited');
  }
  return false;
}

/** The frame a message carries, or undefined once the sender has been told why it is not one. */
export function readFrame(conn: Conn, data: RawData, isBinary: boolean, exception: Exception): ClientFrame | undefined {
  let frame: unknown;
  try {
    if (isBinary) throw new Error('binary');
    frame = JSON.parse(data.toString());
  } catch {
    exception(conn, 'invalid_input', 'frames are JSON text');
    return undefined;
  }
  if (!checkFrame.Check(frame)) {
    exception(conn, 'invalid_input', `unknown or malformed frame ${(frame as { type?: unknown } | null)?.type ?? ''}`);
    return undefined;
  }
  return frame;
}
