import { ACCOUNT_ERROR_CODES } from './accounts.ts';
import { SALES_ERROR_CODES } from './sales.ts';
import { PROMO_ERROR_CODES } from './promo.ts';
import { SHARED_QUOTA_ERROR_CODES } from './quotas.ts';
import { CHECKIN_LIST_ERROR_CODES } from './checkin-lists.ts';
import { WAITLIST_ERROR_CODES } from './waitlist.ts';
import { CONTACT_ERROR_CODES } from './contacts.ts';
import { LEAD_ERROR_CODES } from './leads.ts';
import { PUSH_ERROR_CODES } from './push.ts';
import { SELF_SERVICE_ERROR_CODES } from './self-service.ts';

/**
 * Stable error codes. The server answers with a code, never with prose; the client shows
 * `t('errors.<code>')`. `legacyStatus` is the status_code the specs' REST envelope uses for it.
 */
export const ERROR_CODES = {
  invalid_input: { legacyStatus: 400 },
  // A person's name that holds no letter or digit once invisible characters are removed
  // (contract/names.ts); the legacy envelope's message names the field.
  invalid_name: { legacyStatus: 400 },
  auth_required: { legacyStatus: 403 },
  forbidden: { legacyStatus: 403 },
  not_found: { legacyStatus: 404 },
  event_not_found: { legacyStatus: 404 },
  event_removed: { legacyStatus: 404 },
  event_finished: { legacyStatus: 400 },
  ticket_required: { legacyStatus: 403 },
  // Publishing an event that cannot work yet (contract/sales.ts publishProblems); the detail lists the problems' codes.
  publish_blocked: { legacyStatus: 400 },
  unknown_command: { legacyStatus: 400 },
  payload_too_large: { legacyStatus: 413 },
  rate_limited: { legacyStatus: 429 },
  invalid_credentials: { legacyStatus: 403 },
  unknown_error: { legacyStatus: 500 },
  // The server lost its database (a restart, a failover, a connection ended) in the middle of the
  // call: nothing was done, or a command that did commit is answered from its stored result when
  // sent again. Devices retry it later and never hold it against what they sent.
  database_unavailable: { legacyStatus: 503 },
  // A command id the device already used for another command (a different kind or payload): a
  // client bug, refused so the second action is not dropped behind the first one's answer.
  command_id_reused: { legacyStatus: 409 },
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
  // the organiser's admin area (contract/admin.ts): a field the form shows the problem of; only an
  // event's organisers may change it; its creator stays an organiser; a draft is not open to others.
  invalid_timezone: { legacyStatus: 400 },
  event_time_order: { legacyStatus: 400 },
  invalid_url: { legacyStatus: 400 },
  organiser_required: { legacyStatus: 403 },
  event_creator_kept: { legacyStatus: 400 },
  user_not_found: { legacyStatus: 404 },
  // Roles and invitations (server/domain/organisers/invitations.ts): Foyer mails an invitation only for
  // somebody whose own address is confirmed; organiser, moderator and door rights go only to a
  // confirmed account; an invitation is accepted only by the account of the address it was sent
  // to; each sender, event and mailbox has an invitation budget; a role given without an email
  // goes only to somebody the organisers already see among the event's people.
  email_unverified: { legacyStatus: 403 },
  account_unverified: { legacyStatus: 400 },
  invitation_other_account: { legacyStatus: 403 },
  invitations_limited: { legacyStatus: 429 },
  person_not_in_event: { legacyStatus: 404 },
  // the organisers' schedule, meetings and stands (contract/admin-*.ts): a speech that meets another
  // of its track, one outside the event's span, a day or track that still holds speeches, a record
  // that is not (or no longer) there, meeting hours that would leave booked meetings outside them.
  schedule_overlap: { legacyStatus: 400 },
  schedule_outside_event: { legacyStatus: 400 },
  schedule_day_not_empty: { legacyStatus: 400 },
  schedule_track_not_empty: { legacyStatus: 400 },
  track_not_found: { legacyStatus: 404 },
  speech_not_found: { legacyStatus: 404 },
  meetings_outside: { legacyStatus: 409 },
  stand_not_found: { legacyStatus: 404 },
  ...ACCOUNT_ERROR_CODES,
  // ticket sales (contract/sales.ts)
  ...SALES_ERROR_CODES,
  ...PROMO_ERROR_CODES,
  ...SHARED_QUOTA_ERROR_CODES,
  ...CHECKIN_LIST_ERROR_CODES,
  ...WAITLIST_ERROR_CODES,
  // meet by QR (contract/contacts.ts)
  ...CONTACT_ERROR_CODES,
  // leads at the stand (contract/leads.ts)
  ...LEAD_ERROR_CODES,
  // Web Push (contract/push.ts)
  ...PUSH_ERROR_CODES,
  // attendee self-service (contract/self-service.ts)
  ...SELF_SERVICE_ERROR_CODES,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
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
