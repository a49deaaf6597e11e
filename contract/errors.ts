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
  // The meeting's time has begun: it can no longer be answered, edited or called off.
  appointment_started: { legacyStatus: 400 },
  // An online meeting needs the requester's phone (the contact modal saves it first).
  phone_required: { legacyStatus: 400 },
  // chat
  chat_blocked: { legacyStatus: 403 },
  // chat and private messages (contract/chat.ts): a comment that does not exist (or was deleted),
  // a moderation action by somebody who is not an owner or moderator of the event, a block of
  // oneself or of another owner or moderator, a message to somebody without an approved meeting,
  // a dialog that is not the user's or does not exist.
  comment_not_found: { legacyStatus: 404 },
  moderator_required: { legacyStatus: 403 },
  chat_block_not_allowed: { legacyStatus: 403 },
  meeting_required: { legacyStatus: 403 },
  dialog_not_found: { legacyStatus: 404 },
  // tickets and door check-in (contract/tickets.ts, contract/checkin.ts): a ticket that does not
  // exist or was removed; "send to email" again within 60 s of the last send; a design that removes
  // or un-defaults a default role, or removes or unblocks a blocked one.
  ticket_not_found: { legacyStatus: 404 },
  ticket_email_locked: { legacyStatus: 429 },
  design_role_default: { legacyStatus: 400 },
  design_role_blocked: { legacyStatus: 400 },
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
