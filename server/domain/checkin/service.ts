import {
  importTicketPublicKey,
  judgeScan,
  parseTicketPayload,
  SCAN_CODE_MAX,
  ticketCodeOf,
  verifyTicketSignature,
  type TicketScanPayload,
} from '../../../contract/checkin.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { ScanResult } from '../../../contract/tickets.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { requireEvent } from '../events/service.ts';
import { inviteByEmail, rightsHolder, type InvitationBudget } from '../organisers/invitations.ts';
import type { Invitation } from '../organisers/invitation-mail.ts';
import { eventKey, ticketSigningSecret } from '../signing/keys.ts';
import { dayIn, IMPLICIT_LIST_ID } from '../../../contract/checkin-lists.ts';
import { eventList } from './lists-repository.ts';
import { reflagDuplicates } from './duplicates.ts';
import {
  addDoorStaff,
  doorRole,
  doorTicket,
  doorUserIds,
  insertScan,
  removeDoorStaff,
  sameDeviceAdmittedBefore,
  scanOwner,
  ticketAdmitted,
  type DoorRole,
} from './repository.ts';

/**
 * Door check-in on the server: the `ticket.scan` command and the organisers' door management.
 *
 * A scan is recorded as the door decided it (`result`, from the payload; judged by the server when
 * a device does not say) next to what the server makes of the ticket (`server_result`, the same
 * rules as contract/checkin.ts with the server's full knowledge, minus other devices' admissions).
 * Usage across devices is not a refusal after the fact: two admissions of one ticket are both kept
 * and the later one is flagged `duplicate_of` the earlier (reflagDuplicates), whatever order they
 * arrive in.
 */

export async function requireDoor(db: Q, eventId: number, userId: number): Promise<DoorRole> {
  await requireEvent(db, eventId);
  const role = await doorRole(db, eventId, userId);
  if (!role) throw new DomainError('forbidden');
  return role;
}

export async function requireOwner(db: Q, eventId: number, userId: number): Promise<void> {
  if ((await requireDoor(db, eventId, userId)) !== 'owner') throw new DomainError('forbidden');
}

export async function recordScan(trx: Tx, userId: number, scanId: string, p: TicketScanPayload): Promise<Effect> {
  if (!scanId) throw new Error('ticket.scan needs the command id as the scan id');
  const scannedAt = new Date(p.scanned_at);
  if (Number.isNaN(scannedAt.getTime())) throw new DomainError('invalid_input', 'scanned_at');
  const parsed = parseTicketPayload(p.code);

  let eventId = p.event_id ?? (parsed.kind === 'signed' ? parsed.eventId : undefined);
  const serverTicket =
    parsed.kind === 'signed'
      ? await doorTicket(trx, { ticketId: parsed.ticketId })
      : parsed.kind === 'plain'
        ? await doorTicket(trx, { code: parsed.code })
        : undefined;
  eventId ??= serverTicket?.event_id;
  if (!eventId) throw new DomainError('invalid_input', 'event_id');
  const event = await requireEvent(trx, eventId);
  await requireDoor(trx, eventId, userId);
  const listId = p.list_id ?? IMPLICIT_LIST_ID;
  // A list deleted since the door chose it still names it: the door let people in by it.
  const list = listId === IMPLICIT_LIST_ID ? null : await eventList(trx, eventId, listId);
  if (list === undefined) throw new DomainError('checkin_list_not_found', 'list_id');

  const owner = await scanOwner(trx, scanId);
  if (owner !== undefined) {
    // Scan ids are global; one made by another account cannot be taken over.
    if (owner !== userId) throw new DomainError('invalid_input', 'id');
    return quiet([scanId]);
  }

  let signatureValid: boolean | null = null;
  if (parsed.kind === 'signed' && parsed.eventId === eventId) {
    const key = await importTicketPublicKey(eventKey(await ticketSigningSecret(trx), eventId).publicKey);
    signatureValid = await verifyTicketSignature(key, parsed);
  }
  // Judged without usage: duplicates are flagged below rather than turned into refusals. An exit
  // the ticket's checks would pass is taken as the door saw it.
  const today = dayIn(scannedAt.getTime(), event.timezone);
  const serverCopy = serverTicket ? { ...serverTicket, scans: [] } : null;
  let judged = judgeScan({ eventId, parsed, signatureValid, ticket: serverCopy, list, today });
  if (p.direction === 'out' && judged.result === 'admitted') judged = { ...judged, result: 'checked_out', admitted: false };
  const ticketId = judged.ticketId !== null && serverTicket?.ticket_id === judged.ticketId && serverTicket.event_id === eventId ? judged.ticketId : null;

  let result: ScanResult = p.result ?? judged.result;
  if (p.direction === 'out' && !p.result) result = judged.result;
  if (!p.result && result === 'admitted' && ticketId !== null && (await sameDeviceAdmittedBefore(trx, ticketId, p.device_id, scannedAt))) {
    result = 'already_used';
  }

  await insertScan(trx, {
    id: scanId,
    ticket_id: ticketId,
    event_id: eventId,
    code: (ticketCodeOf(parsed) || p.code).slice(0, SCAN_CODE_MAX),
    device_id: p.device_id,
    scanned_by: userId,
    result,
    server_result: judged.result,
    scanned_at: scannedAt,
    list_id: listId,
  });
  const doors = await doorUserIds(trx, eventId);
  // A scan of no ticket changes no door document, but the organisers' list of every scan shows it:
  // the hint makes their door devices sync, and a door asks for unmatched scans after a sync.
  if (ticketId === null) return { ids: [scanId], collections: ['door_tickets'], userIds: doors, eventIds: [eventId] };
  await reflagDuplicates(trx, ticketId);
  // The ticket's door document carries its scans, so every door device of the event pulls it again.
  return { ids: [scanId, String(ticketId)], collections: ['door_tickets'], userIds: doors, eventIds: [eventId] };
}

// ---------------------------------------------------------------------------------------------
// Door staff, named by the event's owners

/** Names a door worker by user id or email; nothing to announce (a door device asks for its scope itself). */
export async function addStaff(
  trx: Tx,
  eventId: number,
  ownerId: number,
  who: { user_id?: number; email?: string },
  budget?: InvitationBudget,
): Promise<{ userId: number | null; effect: Effect; mail: Invitation | null }> {
  await requireOwner(trx, eventId, ownerId);
  // By email the worker is invited, like every role given by email: the same answer for any
  // address, and the right only once its owner follows the link (admin/invitations.ts).
  if (who.user_id === undefined) {
    const event = await requireEvent(trx, eventId);
    const { effect, mail } = await inviteByEmail(trx, ownerId, { eventId, eventName: event.name, email: who.email ?? '', role: 'door' }, budget);
    return { userId: null, effect, mail };
  }
  const userId = await rightsHolder(trx, eventId, who.user_id);
  await addDoorStaff(trx, eventId, userId, ownerId);
  return { userId, effect: quiet([userId]), mail: null };
}

/** The removed worker's door devices learn it on their next pull (403: they drop the event's tickets). */
export async function removeStaff(trx: Tx, eventId: number, ownerId: number, userId: number): Promise<Effect> {
  await requireOwner(trx, eventId, ownerId);
  await removeDoorStaff(trx, eventId, userId);
  return quiet([userId]);
}

/** A ticket already used at the door cannot be given away: its holder is inside. */
export async function isTicketUsed(db: Q, ticketId: number): Promise<boolean> {
  return ticketAdmitted(db, ticketId);
}

/** Everybody whose door devices hold the event: they must hear of a change to its tickets. */
export async function eventDoorUsers(db: Q, eventId: number): Promise<number[]> {
  return doorUserIds(db, eventId);
}
