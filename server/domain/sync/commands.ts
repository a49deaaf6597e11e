import { createHash } from 'node:crypto';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import {
  COMMAND_PAYLOADS,
  isCommandKind,
  type CommandEnvelope,
  type CommandKind,
  type CommandPayload,
  type CommandResult,
} from '../../../contract/commands.ts';
import { DomainError, isErrorCode } from '../../../contract/errors.ts';
import { isSaneTimeMs } from '../../../contract/storable.ts';
import { isInputFault } from '../../db/errors.ts';
import type { Tx } from '../../db/tx.ts';
import type { Locale } from '../../../contract/constants.ts';
import * as meetings from '../admin/meetings.ts';
import * as people from '../admin/people.ts';
import type { InvitationBudget } from '../organisers/invitations.ts';
import * as admin from '../admin/service.ts';
import * as appointments from '../appointments/service.ts';
import * as chat from '../chat/service.ts';
import * as stands from '../companies/admin.ts';
import { recordScan } from '../checkin/service.ts';
import { deleteCheckinList, saveCheckinList } from '../checkin/lists.ts';
import { quiet, type Effect } from '../effects.ts';
import * as events from '../events/service.ts';
import * as registration from '../ticket-holders/registration.ts';
import * as messages from '../messages/service.ts';
import * as schedule from '../schedule/service.ts';
import * as sales from '../orders/types.ts';
import { savePromoCode } from '../orders/promo.ts';
import { transferTicket } from '../ticket-holders/transfer.ts';
import { cancelTicket } from '../ticket-holders/cancel.ts';
import { editTicket } from '../ticket-holders/edit.ts';
import { deleteSharedQuota, saveSharedQuota } from '../orders/quotas.ts';
import * as waitlist from '../orders/waitlist.ts';
import { readNotices } from '../notifications/service.ts';
import { setCalendarFeed, starSpeech } from '../calendar/service.ts';
import { saveTrip } from '../trips/service.ts';
import { claimReferral } from '../referrals/service.ts';
import { noteContact, removeContact, scanContact } from '../contacts/service.ts';
import * as leads from '../companies/leads.ts';
import { subscribePush, unsubscribePush } from '../notices/push-service.ts';
import { updateProfile } from '../profile/service.ts';
import * as visitors from '../visitors/service.ts';
import type { Writer } from '../write.ts';
import { actorIsLive, findStoredCommand, storeCommand } from './repository.ts';

/**
 * The account a batch was sent as was removed or disabled while the batch was on its way (a
 * "delete my account" on another device): nothing more of the batch may apply, or an edit queued
 * before the deletion would write the person's name back into the emptied row. The route answers
 * 401, as for any session that has ended.
 */
export class ActorGone extends Error {
  constructor() {
    super('the account of this session was removed or disabled');
    this.name = 'ActorGone';
  }
}

/** Checked inside each command's transaction, which holds the change-feed lock like the removal's. */
async function mustBeLive(trx: Tx, userId: number): Promise<void> {
  if (!(await actorIsLive(trx, userId))) throw new ActorGone();
}

export interface CommandContext {
  userId: number;
  /** When the user did it on the device; may be skewed, so rules use server time. */
  occurredAt: Date | null;
  /** The command's own id: stored with what it creates, so devices match it to their outbox. */
  commandId?: string;
  /** The invitation mails' budgets (server/limits/invitations.ts); absent only where nothing is mailed for others. */
  invitations?: InvitationBudget;
  /** This server takes card payments (a provider is configured): publishing checks it. */
  cardAvailable?: boolean;
  /** SHA-256 of the session token the command came with (a push subscription ends with its session). */
  sessionHash?: Uint8Array;
  /** The push services' hosts a subscription may name (PUSH_SERVICE_HOSTS); none where no browser subscribes. */
  pushHosts?: readonly string[];
}

type Handler<K extends CommandKind> = (trx: Tx, ctx: CommandContext, payload: CommandPayload<K>) => Promise<Effect>;

/** Each kind of the contract is handled by one domain service call inside one transaction. */
const HANDLERS: { [K in CommandKind]: Handler<K> } = {
  'event.favorite': (trx, ctx, p) => events.setFavorite(trx, ctx.userId, p.event_id, p.favorite),
  'event.checkin': (trx, ctx, p) => registration.checkin(trx, ctx.userId, p.event_id),
  'event.uncheckin': (trx, ctx, p) => registration.uncheckin(trx, ctx.userId, p.event_id),
  'visitor.like': async (trx, ctx, p) => (await visitors.setLike(trx, ctx.userId, p.user_id, p.status)).effect,
  'visitor.favorite': (trx, ctx, p) => visitors.setUserFavorite(trx, ctx.userId, p.user_id, p.favorite),
  'profile.update': (trx, ctx, p) => updateProfile(trx, ctx.userId, p),
  'visitor.category': (trx, ctx, p) => visitors.setVisitorCategory(trx, ctx.userId, p.event_id, p.menu_id),
  'appointment.request': (trx, ctx, p) => appointments.requestAppointment(trx, ctx.userId, p, ctx.occurredAt),
  'appointment.approve': (trx, ctx, p) => appointments.approveAppointment(trx, ctx.userId, p, ctx.occurredAt),
  'appointment.reject': (trx, ctx, p) => appointments.rejectAppointment(trx, ctx.userId, p, ctx.occurredAt),
  'comment.add': async (trx, ctx, p) => (await chat.addComment(trx, ctx.userId, p, { clientId: ctx.commandId, occurredAt: ctx.occurredAt })).effect,
  'comment.like': (trx, ctx, p) => chat.likeComment(trx, ctx.userId, p.comment_id, p.like_type),
  'comment.unlike': (trx, ctx, p) => chat.unlikeComment(trx, ctx.userId, p.comment_id),
  'comment.remove': (trx, ctx, p) => chat.removeComment(trx, ctx.userId, p.comment_id),
  'chat.block': (trx, ctx, p) => chat.blockUser(trx, ctx.userId, p),
  'chat.unblock': (trx, ctx, p) => chat.unblockUser(trx, ctx.userId, p),
  'message.send': async (trx, ctx, p) => (await messages.sendMessage(trx, ctx.userId, p, { clientId: ctx.commandId, occurredAt: ctx.occurredAt })).effect,
  'dialog.read': (trx, ctx, p) => messages.readDialog(trx, ctx.userId, p.user_id),
  'dialog.update': (trx, ctx, p) => messages.updateDialog(trx, ctx.userId, p),
  'ticket.scan': async (trx, ctx, p) => {
    // A scan is stored under its command's id, the one the door device already holds.
    if (ctx.commandId === undefined) throw new Error('ticket.scan runs only as a synced command, with its id');
    return recordScan(trx, ctx.userId, ctx.commandId, p);
  },
  'event.create': (trx, ctx, p) => admin.createEvent(trx, ctx.userId, p.fields),
  'event.update': (trx, ctx, p) => admin.updateEvent(trx, ctx.userId, p.event_id, p.fields),
  'event.status': async (trx, ctx, p) => (await admin.setEventStatus(trx, ctx.userId, p.event_id, p.status, ctx.cardAvailable ?? false)).effect,
  'event.delete': (trx, ctx, p) => admin.deleteEvent(trx, ctx.userId, p.event_id),
  'event.role': async (trx, ctx, p) => (await admin.setRole(trx, ctx.userId, p, ctx.invitations)).effect,
  'event.poster': (trx, ctx, p) => admin.setPoster(trx, ctx.userId, p.event_id, p.poster),
  'schedule.day.set': (trx, ctx, p) => schedule.setDay(trx, ctx.userId, p),
  'schedule.day.remove': (trx, ctx, p) => schedule.removeDay(trx, ctx.userId, p),
  'schedule.track.set': (trx, ctx, p) => schedule.setTrack(trx, ctx.userId, p, ctx.commandId ?? null),
  'schedule.track.remove': (trx, ctx, p) => schedule.removeTrack(trx, ctx.userId, p),
  'schedule.track.order': (trx, ctx, p) => schedule.orderTracks(trx, ctx.userId, p),
  'schedule.speech.set': (trx, ctx, p) => schedule.setSpeech(trx, ctx.userId, p, ctx.commandId ?? null),
  'schedule.speech.remove': (trx, ctx, p) => schedule.removeSpeech(trx, ctx.userId, p),
  'meetings.settings.set': async (trx, ctx, p) => (await meetings.setMeetingSettings(trx, ctx.userId, p)).effect,
  'meetings.categories.set': (trx, ctx, p) => meetings.setCategories(trx, ctx.userId, p),
  'stand.set': (trx, ctx, p) => stands.setStand(trx, ctx.userId, p, ctx.commandId ?? null),
  'stand.remove': (trx, ctx, p) => stands.removeStand(trx, ctx.userId, p),
  'stand.member.set': async (trx, ctx, p) => (await stands.setMember(trx, ctx.userId, p, ctx.invitations)).effect,
  'stand.member.remove': (trx, ctx, p) => stands.removeMember(trx, ctx.userId, p),
  'people.invite.send': async (trx, ctx, p) => (await people.invite(trx, ctx.userId, p, ctx.invitations)).effect,
  'people.invite.remove': (trx, ctx, p) => people.uninvite(trx, ctx.userId, p),
  'ticket_type.save': (trx, ctx, p) => sales.saveTicketType(trx, ctx.userId, p.event_id, p.type_id, p.fields),
  'ticket_type.delete': (trx, ctx, p) => sales.deleteTicketType(trx, ctx.userId, p.event_id, p.type_id),
  'ticket_type.new_link': (trx, ctx, p) => sales.renewTicketTypeLink(trx, ctx.userId, p.event_id, p.type_id),
  'ticket_quota.save': (trx, ctx, p) => saveSharedQuota(trx, ctx.userId, p.event_id, p.quota_id, p.fields),
  'ticket_quota.delete': (trx, ctx, p) => deleteSharedQuota(trx, ctx.userId, p.event_id, p.quota_id),
  'ticket_sales.settings': (trx, ctx, p) => sales.saveSalesSettings(trx, ctx.userId, p.event_id, p.fields),
  'promo_code.save': (trx, ctx, p) => savePromoCode(trx, ctx.userId, p.event_id, p.code_id, p.fields),
  'waitlist.join': (trx, ctx, p) => waitlist.joinWaitlist(trx, ctx.userId, p.event_id, p.type_id),
  'waitlist.leave': (trx, ctx, p) => waitlist.leaveWaitlist(trx, ctx.userId, p.event_id, p.type_id),
  'waitlist.offer': (trx, ctx, p) => waitlist.offerByHand(trx, ctx.userId, p.event_id, p.entry_id),
  'waitlist.remove': (trx, ctx, p) => waitlist.removeFromWaitlist(trx, ctx.userId, p.event_id, p.entry_id),
  'waitlist.settings': (trx, ctx, p) => waitlist.setOfferHours(trx, ctx.userId, p.event_id, p.offer_hours),
  'ticket.transfer': (trx, ctx, p) => transferTicket(trx, ctx.userId, p),
  'ticket.cancel': (trx, ctx, p) => cancelTicket(trx, ctx.userId, p),
  'ticket.edit': (trx, ctx, p) => editTicket(trx, ctx.userId, p),
  'notification.read': (trx, ctx, p) => readNotices(trx, ctx.userId, p),
  'speech.star': (trx, ctx, p) => starSpeech(trx, ctx.userId, p),
  'calendar.feed': (trx, ctx, p) => setCalendarFeed(trx, ctx.userId, p),
  'trip.save': async (trx, ctx, { event_id, ...texts }) => (await saveTrip(trx, ctx.userId, event_id, texts)).effect,
  'referral.claim': (trx, ctx, p) => claimReferral(trx, ctx.userId, p),
  'contact.scan': (trx, ctx, p) => scanContact(trx, ctx.userId, p, ctx.occurredAt),
  'contact.note': (trx, ctx, p) => noteContact(trx, ctx.userId, p.user_id, p.note),
  'contact.remove': (trx, ctx, p) => removeContact(trx, ctx.userId, p.user_id, ctx.occurredAt),
  'lead.scan': (trx, ctx, p) => leads.scanLead(trx, ctx.userId, p, ctx.occurredAt),
  'lead.update': (trx, ctx, p) => leads.updateStandLead(trx, ctx.userId, p),
  'lead.remove': (trx, ctx, p) => leads.removeStandLead(trx, ctx.userId, p.company_id, p.user_id, ctx.occurredAt),
  'lead.withdraw': (trx, ctx, p) => leads.withdrawLead(trx, ctx.userId, p.company_id, ctx.occurredAt),
  'checkin_list.save': (trx, ctx, p) => saveCheckinList(trx, ctx.userId, p),
  'checkin_list.delete': (trx, ctx, p) => deleteCheckinList(trx, ctx.userId, p.event_id, p.list_id),
  'push.subscribe': (trx, ctx, p) => subscribePush(trx, ctx.userId, ctx.sessionHash, ctx.pushHosts ?? [], p),
  'push.unsubscribe': (trx, ctx, p) => unsubscribePush(trx, ctx.userId, p.endpoint),
};

const CHECKS = Object.fromEntries(Object.entries(COMMAND_PAYLOADS).map(([k, s]) => [k, TypeCompiler.Compile(s as TSchema)])) as Record<
  CommandKind,
  TypeCheck<TSchema>
>;

/** The device's time of a command, on the server's clock; null when it is unreadable or outside the sane range. */
export function parseOccurredAt(value: string, skewMs = 0): Date | null {
  const stated = Date.parse(value);
  if (Number.isNaN(stated)) return null;
  const ms = stated + skewMs;
  // A time the database could not hold, or a clock decades off even after the batch's correction:
  // the action is still applied, only its time is taken as unknown (the server's receipt time).
  return isSaneTimeMs(ms) ? new Date(ms) : null;
}

/** Below this, a device's clock is taken as right: the difference is mostly the request's own trip. */
const CLOCK_SKEW_TOLERANCE_MS = 60_000;

/**
 * How far the device's clock is behind the server's (negative: ahead), from the time the device
 * stamped on the batch as it sent it. A phone a day off would otherwise date its offline comments and
 * requests a day off; the same difference applied to when each command happened puts them on the
 * server's clock. 0 when the device did not say, or its clock is close enough.
 */
export function clockSkewMs(sentAt: string | undefined, receivedAt: number): number {
  if (!sentAt) return 0;
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) return 0;
  const skew = receivedAt - sent;
  return Math.abs(skew) < CLOCK_SKEW_TOLERANCE_MS ? 0 : skew;
}

/** JSON with every object's keys sorted, so the same payload always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a command id was first used for. A device resends the very entry it queued, so a second
 * delivery of an id with another kind or payload is a client bug (an id generator that repeats, an
 * entry changed after it was sent): it gets `command_id_reused` instead of the first command's
 * answer, so the bug shows instead of silently dropping the second action.
 */
export function payloadHash(kind: string, payload: unknown): string {
  return createHash('sha256').update(kind).update('\n').update(canonicalJson(payload)).digest('hex');
}

export interface ApplyOptions {
  /** Difference to put the device's times on the server's clock (clockSkewMs). */
  skewMs?: number;
  /** Told when the database refused a command's input that the contract let through. */
  onInputFault?: (err: unknown, cmd: CommandEnvelope) => void;
  /** The language of the device that sent the command, for the mail its jobs send to people whose own is unknown. */
  lang?: Locale;
  /** The invitation budgets (CommandContext.invitations). */
  invitations?: InvitationBudget;
  /** CommandContext.cardAvailable. */
  cardAvailable?: boolean;
  /** CommandContext.sessionHash. */
  sessionHash?: Uint8Array;
  /** CommandContext.pushHosts. */
  pushHosts?: readonly string[];
}

/**
 * Applies one command exactly once, in a transaction of its own, so one bad command of a batch
 * never takes the others with it. The stored answer is looked up inside the same transaction that
 * applies it (after the change-feed lock), so two deliveries of one id racing each other still
 * apply it once. Rejections are stored too, whether a service refused the command with a domain
 * code or the database refused its input (SQLSTATE class 22 and the integrity errors only input
 * can cause, answered `invalid_input`): the same command always gets the same answer. Anything
 * else (a lost connection, a crash) is not stored and is thrown, so the device retries it.
 */
export async function applyCommand(writer: Writer, userId: number, cmd: CommandEnvelope, opts: ApplyOptions = {}): Promise<CommandResult> {
  const occurredAt = parseOccurredAt(cmd.occurredAt, opts.skewMs ?? 0);
  const hash = payloadHash(cmd.kind, cmd.payload);
  const stored = { userId, id: cmd.id, kind: cmd.kind, occurredAt, hash };
  // A replay, or an id already used for another command, answers what is stored and announces nothing.
  const reject = async (code: CommandResult['code']): Promise<CommandResult> => {
    const { result } = await writer.run(async (trx) => {
      const found = await findStored(trx, userId, cmd.id, hash);
      if (found) return { result: found, effect: quiet() };
      await mustBeLive(trx, userId);
      const answer: CommandResult = { id: cmd.id, status: 'rejected', code };
      await storeCommand(trx, stored, answer);
      return { result: answer, effect: quiet() };
    });
    return result;
  };

  if (!isCommandKind(cmd.kind)) return reject('unknown_command');
  const kind = cmd.kind;
  if (!CHECKS[kind].Check(cmd.payload)) return reject('invalid_input');

  try {
    // The jobs the handler's services attach to its Effect (its mail) run after the commit, in the
    // write runner; a replay answers a quiet Effect and so mails nothing again.
    const { result } = await writer.run(
      async (trx) => {
        const found = await findStored(trx, userId, cmd.id, hash);
        if (found) return { result: found, effect: quiet() };
        await mustBeLive(trx, userId);
        const handler = HANDLERS[kind] as Handler<CommandKind>;
        const effect = await handler(
          trx,
          {
            userId,
            occurredAt,
            commandId: cmd.id,
            invitations: opts.invitations,
            cardAvailable: opts.cardAvailable,
            sessionHash: opts.sessionHash,
            pushHosts: opts.pushHosts,
          },
          cmd.payload as CommandPayload<CommandKind>,
        );
        const answer: CommandResult = { id: cmd.id, status: 'applied', ids: effect.ids };
        await storeCommand(trx, stored, answer);
        return { result: answer, effect };
      },
      { lang: opts.lang },
    );
    return result;
  } catch (err) {
    if (err instanceof DomainError && isErrorCode(err.code)) return reject(err.code);
    if (isInputFault(err)) {
      // The contract should have refused it (contract/storable.ts): worth a look, never a 500.
      opts.onInputFault?.(err, cmd);
      return reject('invalid_input');
    }
    throw err;
  }
}

/**
 * The stored answer to this id, or a refusal when the id was stored for another command. Rows
 * stored before the payload hash existed have none and keep the old behaviour: their answer.
 */
async function findStored(trx: Tx, userId: number, id: string, hash: string): Promise<CommandResult | undefined> {
  const row = await findStoredCommand(trx, userId, id);
  if (!row) return undefined;
  if (row.payload_hash !== null && row.payload_hash !== hash) return { id, status: 'rejected', code: 'command_id_reused' };
  return (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as CommandResult;
}
