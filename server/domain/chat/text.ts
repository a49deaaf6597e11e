import { DomainError } from '../../../contract/errors.ts';

/**
 * User text as it is stored: trimmed of surrounding whitespace and otherwise exactly as written.
 * Markup is not escaped or stripped here — the text is data, clients render it as text, and
 * changing it would corrupt what people meant to write (a "<3", code in a question). What cannot be
 * stored at all is refused: an empty text, one over the limit, or a NUL character (PostgreSQL text
 * cannot hold it).
 */
export function cleanText(raw: unknown, max: number, field: string): string {
  if (typeof raw !== 'string') throw new DomainError('invalid_input', field);
  if (raw.includes('\u0000')) throw new DomainError('invalid_input', field);
  const text = raw.trim();
  if (text.length === 0) throw new DomainError('invalid_input', `${field} is empty`);
  if (text.length > max) throw new DomainError('invalid_input', `${field} is longer than ${max}`);
  return text;
}

/** The device's time of an action, never later than the server's. */
export function deviceTime(occurredAt: Date | null | undefined, now: Date): Date {
  if (!occurredAt || Number.isNaN(occurredAt.getTime()) || occurredAt > now) return now;
  return occurredAt;
}

/** How a text written on a device reaches the server: a comment or a message alike. */
export interface DeviceTextOptions {
  /** The outbox command id, when the text comes from a device's queue. */
  clientId?: string | null;
  occurredAt?: Date | null;
  now?: Date;
}
