import { DomainError } from '../../../contract/errors.ts';
import { checkEdit, cleanTransferName, type TicketEditPayload } from '../../../contract/self-service.ts';
import type { Tx } from '../../db/tx.ts';
import { eventDoorUsers } from '../checkin/service.ts';
import type { Effect } from '../effects.ts';
import { lockTicketForTransfer, writeAttendee } from './self-service-repository.ts';

/**
 * `ticket.edit` (contract/self-service.ts): the holder corrects the name and company printed on a
 * ticket, until the organiser's deadline (`edit_hours` before the start; by default the start).
 * The deadline is judged on the server's clock when the command arrives, so an edit queued offline
 * before the deadline but sent after it is refused (`ticket_edit_closed`) rather than applied late:
 * badges may already be printed. The door devices learn the new name with their next pull.
 */
export async function editTicket(trx: Tx, userId: number, p: TicketEditPayload, now = new Date()): Promise<Effect> {
  const problem = checkEdit(p);
  if (problem) throw new DomainError(problem.code, problem.field);
  const t = await lockTicketForTransfer(trx, p.ticket_id);
  if (!t || t.deleted || t.event_deleted || t.user_id !== userId) throw new DomainError('ticket_not_found', 'ticket_id');
  if (t.transferred_at) throw new DomainError('ticket_transferred', 'ticket_id');
  if (t.status !== 'valid' || t.invalid) throw new DomainError('ticket_not_found', 'ticket_id');
  if (now.getTime() >= t.starts_at.getTime() - t.edit_hours * 3_600_000) throw new DomainError('ticket_edit_closed', 'name');
  await writeAttendee(trx, t.id, { name: cleanTransferName(p.name), company: cleanTransferName(p.company) });
  const doors = await eventDoorUsers(trx, t.event_id);
  return { ids: [String(t.id)], collections: ['tickets', 'door_tickets'], userIds: [userId, ...doors], eventIds: [t.event_id] };
}
