import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from './accounts.ts';

/**
 * Attendee self-service (issue 30; Hi.Events #905/#743, pretix #4138, alf.io #645): the holder of a
 * ticket gives it to somebody else by email. The form and the server judge the input with the same
 * function here, so a refusal stands under its field before anything is queued, and the server
 * refuses the same input the same way when an older client sends it anyway.
 *
 * A transfer never moves a ticket between accounts: the old ticket is revoked (its code stops
 * working, door devices learn it with their next pull) and the new holder gets a new ticket with a
 * new signed code. The old holder's devices keep the old ticket, marked as transferred, so nothing
 * disappears from them without a word.
 */

export const TRANSFER_NAME_MAX = 120;
export const TICKET_COMPANY_MAX = 200;
/** The longest an organiser may close attendee edits before the start: 30 days. */
export const EDIT_HOURS_MAX = 720;
/**
 * The organiser's rule for paid tickets given back by their holders: `never` (the default, as
 * before the rule existed) or `request`, where the holder's cancellation waits for the organiser's
 * approval, because only the organiser can send money back.
 */
export const PAID_CANCEL_RULES = ['never', 'request'] as const;
export type PaidCancelRule = (typeof PAID_CANCEL_RULES)[number];

export const TicketTransferPayload = Type.Object(
  {
    ticket_id: Type.Integer({ minimum: 1 }),
    /** Where the new holder's ticket goes; their account, if they have one, or the one they make with it. */
    email: Type.String({ maxLength: EMAIL_MAX_LENGTH + 16 }),
    /** The name printed on the new ticket. */
    name: Type.String({ maxLength: TRANSFER_NAME_MAX + 16 }),
  },
  { additionalProperties: false },
);
export type TicketTransferPayload = Static<typeof TicketTransferPayload>;

/** The holder cancels a ticket: a free one until the event starts (paid ones need the organiser's refund rules). */
export const TicketCancelPayload = Type.Object({ ticket_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type TicketCancelPayload = Static<typeof TicketCancelPayload>;

/** The holder corrects the attendee details printed on a ticket, until the organiser's deadline. */
export const TicketEditPayload = Type.Object(
  {
    ticket_id: Type.Integer({ minimum: 1 }),
    name: Type.String({ maxLength: TRANSFER_NAME_MAX + 16 }),
    company: Type.String({ maxLength: TICKET_COMPANY_MAX + 16 }),
  },
  { additionalProperties: false },
);
export type TicketEditPayload = Static<typeof TicketEditPayload>;

export const SELF_SERVICE_ERROR_CODES = {
  // The organiser's deadline for editing attendee details has passed (hours before the start).
  ticket_edit_closed: { legacyStatus: 400 },
  // The ticket was given to somebody else already (by another device of the holder, or a replay
  // of another command): its code no longer works.
  ticket_transferred: { legacyStatus: 409 },
  // Only a valid ticket of an order that is paid (or a free one) can be given away; a registration
  // for a free event is the person's own, and whoever gets it registers themselves.
  ticket_not_transferable: { legacyStatus: 400 },
  // Only a valid free ticket can be cancelled by its holder; money goes back through the organiser.
  ticket_not_cancellable: { legacyStatus: 400 },
  // The ticket has been scanned in at the door: the person is inside.
  ticket_already_used: { legacyStatus: 409 },
  // The event is over (for a transfer) or has started (for a cancellation).
  ticket_self_service_closed: { legacyStatus: 400 },
  // Giving a ticket to the address of one's own account changes nothing.
  transfer_to_self: { legacyStatus: 400 },
} as const;
export type SelfServiceErrorCode = keyof typeof SELF_SERVICE_ERROR_CODES;

export type TransferField = 'email' | 'name';
export interface TransferProblem {
  field: TransferField;
  code: 'invalid_email' | 'invalid_name' | 'transfer_to_self';
}

/** The name as it will be printed: spaces collapsed, invisible characters gone. */
export function cleanTransferName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first problem of the form's input, or null; `ownEmail` is the holder's address. */
export function checkTransfer(input: { email: string; name: string }, ownEmail: string | null): TransferProblem | null {
  if (!isEmail(input.email)) return { field: 'email', code: 'invalid_email' };
  if (ownEmail !== null && normalizeEmail(input.email) === normalizeEmail(ownEmail)) return { field: 'email', code: 'transfer_to_self' };
  const name = cleanTransferName(input.name);
  if (!/[\p{L}\p{N}]/u.test(name) || [...name].length > TRANSFER_NAME_MAX) return { field: 'name', code: 'invalid_name' };
  return null;
}

export interface EditProblem {
  field: 'name' | 'company';
  code: 'invalid_name' | 'invalid_input';
}

/** The first problem of the edit form's input, or null. */
export function checkEdit(input: { name: string; company: string }): EditProblem | null {
  const name = cleanTransferName(input.name);
  if (!/[\p{L}\p{N}]/u.test(name) || [...name].length > TRANSFER_NAME_MAX) return { field: 'name', code: 'invalid_name' };
  if ([...cleanTransferName(input.company)].length > TICKET_COMPANY_MAX) return { field: 'company', code: 'invalid_input' };
  return null;
}

/** When edits close: `hours` before the start (unix seconds in, unix seconds out). */
export function editClosesAt(startsAtSec: number, hours: number): number {
  return startsAtSec - hours * 3600;
}
