/**
 * Stable error codes. The server answers with a code, never with prose; the client shows
 * `t('errors.<code>')`. `legacyStatus` is the status_code the specs' REST envelope uses for it.
 */
export const ERROR_CODES = {
  invalid_input: { legacyStatus: 400 },
  auth_required: { legacyStatus: 403 },
  forbidden: { legacyStatus: 403 },
  not_found: { legacyStatus: 404 },
  event_not_found: { legacyStatus: 404 },
  event_removed: { legacyStatus: 404 },
  event_finished: { legacyStatus: 400 },
  ticket_required: { legacyStatus: 403 },
  unknown_command: { legacyStatus: 400 },
  payload_too_large: { legacyStatus: 413 },
  rate_limited: { legacyStatus: 429 },
  invalid_credentials: { legacyStatus: 403 },
  unknown_error: { legacyStatus: 500 },
  // appointments (networking.md §8)
  appointment_time_unavailable: { legacyStatus: 400 },
  appointment_exists: { legacyStatus: 400 },
  appointment_conflict_mine: { legacyStatus: 400 },
  appointment_approved_before: { legacyStatus: 201 },
  appointment_status_changed: { legacyStatus: 202 },
  appointment_canceled_before: { legacyStatus: 203 },
  appointment_not_found: { legacyStatus: 404 },
  // chat
  chat_blocked: { legacyStatus: 403 },
  // events (events.md §7): trip plans belong to participants; uploads must be real images
  participation_required: { legacyStatus: 403 },
  invalid_image: { legacyStatus: 400 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

/** Thrown by domain services; routes turn it into the envelope or the command result. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'DomainError';
  }
}
