import { DomainError } from '../../../contract/errors.ts';
import type { Q } from '../../db/tx.ts';
import { chatStanding } from './repository.ts';

/** What one user may do in one event's chat (the CHAT RULES of contract/chat.ts). */
export interface ChatAccess {
  eventId: number;
  /** A valid ticket, a check-in to a free event, or staff. */
  participant: boolean;
  /** Owner or moderator of this event. */
  staff: boolean;
  blocked: boolean;
}

/**
 * Loads the event and the user's standing in its chat: event_not_found / event_removed when there
 * is no chat to speak of.
 */
export async function chatAccess(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  return (await standing(q, userId, eventId)).access;
}

async function standing(q: Q, userId: number, eventId: number, postedSince?: Date): Promise<{ access: ChatAccess; posted: number }> {
  const row = await chatStanding(q, userId, eventId, postedSince);
  if (!row) throw new DomainError('event_not_found');
  if (row.deleted) throw new DomainError('event_removed');
  return { access: { eventId, participant: row.participant, staff: row.staff, blocked: row.blocked }, posted: row.posted };
}

/** Throws unless the user may read the chat. */
export async function requireReader(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  const access = await chatAccess(q, userId, eventId);
  if (!access.participant) throw new DomainError('ticket_required');
  return access;
}

/** Throws unless the user may post, like or dislike: a reader who is not blocked. */
export async function requireSpeaker(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  return speaking(await chatAccess(q, userId, eventId));
}

/** requireSpeaker, with how many comments the user has posted in the event since `since`, from the same query. */
export async function requireSpeakerPosted(q: Q, userId: number, eventId: number, since: Date): Promise<{ access: ChatAccess; posted: number }> {
  const s = await standing(q, userId, eventId, since);
  return { access: speaking(s.access), posted: s.posted };
}

function speaking(access: ChatAccess): ChatAccess {
  if (access.blocked) throw new DomainError('chat_blocked', 'You are not allowed to send comments');
  if (!access.participant) throw new DomainError('ticket_required');
  return access;
}

export async function requireStaff(q: Q, userId: number, eventId: number): Promise<ChatAccess> {
  const access = await chatAccess(q, userId, eventId);
  if (!access.staff) throw new DomainError('moderator_required');
  return access;
}
