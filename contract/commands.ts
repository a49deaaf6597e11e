import { Type, type TSchema, type Static } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';
import { ProfilePatch, VisitorFavoritePayload, VisitorLikePayload } from './visitors.ts';
import { AppointmentApprovePayload, AppointmentRejectPayload, AppointmentRequestPayload } from './appointments.ts';
import {
  ChatBlockPayload,
  ChatUnblockPayload,
  CommentAddPayload,
  CommentLikePayload,
  CommentRefPayload,
  DialogReadPayload,
  DialogUpdatePayload,
  MessageSendPayload,
} from './chat.ts';
import { TicketScanPayload } from './checkin.ts';
import { VisitorCategoryPayload } from './visitor-category.ts';
import { storable, storableAll } from './storable.ts';
import { EventCreatePayload, EventDeletePayload, EventPosterPayload, EventRolePayload, EventStatusPayload, EventUpdatePayload } from './admin.ts';
import {
  ScheduleDayPayload,
  ScheduleDayRemovePayload,
  ScheduleSpeechPayload,
  ScheduleSpeechRemovePayload,
  ScheduleTrackOrderPayload,
  ScheduleTrackPayload,
  ScheduleTrackRemovePayload,
} from './admin-schedule.ts';
import { CategoriesSetPayload, MeetingsSetPayload } from './admin-meetings.ts';
import { StandMemberRemovePayload, StandMemberSetPayload, StandRemovePayload, StandSetPayload } from './admin-stands.ts';
import { PeopleInvitePayload, PeopleInviteRemovePayload } from './admin-people.ts';
import { SharedQuotaDeletePayload, SharedQuotaSavePayload } from './quotas.ts';
import { SalesSettingsPayload, TicketTypeDeletePayload, TicketTypeLinkPayload, TicketTypeSavePayload } from './sales.ts';
import { PromoCodeSavePayload } from './promo.ts';
import { CheckinListDeletePayload, CheckinListSavePayload } from './checkin-lists.ts';
import { WaitlistEntryPayload, WaitlistJoinPayload, WaitlistLeavePayload, WaitlistSettingsPayload } from './waitlist.ts';
import { TicketCancelPayload, TicketEditPayload, TicketTransferPayload } from './self-service.ts';
import { NotificationReadPayload } from './notifications.ts';
import { CalendarFeedPayload, SpeechStarPayload } from './calendar.ts';
import { TripSavePayload } from './trips.ts';
import { ReferralClaimPayload } from './referrals.ts';
import { ContactNotePayload, ContactRemovePayload, ContactScanPayload } from './contacts.ts';
import { LeadRemovePayload, LeadScanPayload, LeadUpdatePayload, LeadWithdrawPayload } from './leads.ts';
import { PushSubscribePayload, PushUnsubscribePayload } from './push.ts';

/**
 * Commands are what a device asks the server to do. Each carries a client-generated id, so the
 * outbox can resend after any failure and the server applies it once (dedupe by user and id).
 */
const EventRef = Type.Object({ event_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

/**
 * Every payload goes through `storable` (contract/storable.ts): no string takes a NUL, no integer
 * leaves int4, so a command that passes here cannot fail in the database for its input's shape.
 */
export const COMMAND_PAYLOADS = storableAll({
  'event.favorite': Type.Object({ event_id: Type.Integer({ minimum: 1 }), favorite: Type.Boolean() }, { additionalProperties: false }),
  'event.checkin': EventRef,
  'event.uncheckin': EventRef,
  // Visitors and profile (contract/visitors.ts): a like carries the wanted status (1 or 2) and a
  // favorite the wanted value, so a replay lands on the same state instead of flipping it.
  'visitor.like': VisitorLikePayload,
  'visitor.favorite': VisitorFavoritePayload,
  'profile.update': ProfilePatch,
  'visitor.category': VisitorCategoryPayload,
  // Appointments (contract/appointments.ts): request is the body of meetings/create-meeting (with
  // meeting_id it edits); reject also cancels.
  'appointment.request': AppointmentRequestPayload,
  'appointment.approve': AppointmentApprovePayload,
  'appointment.reject': AppointmentRejectPayload,
  // Event chat and private messages (contract/chat.ts). comment.add's image is the name a prior
  // upload answered with; a like carries the wanted type. dialog.read and dialog.update are the
  // messages screen's own actions (mark read; mute, star, close), keyed by the partner's user id
  // so they work on a dialog the device created offline.
  'comment.add': CommentAddPayload,
  'comment.like': CommentLikePayload,
  'comment.unlike': CommentRefPayload,
  'comment.remove': CommentRefPayload,
  'chat.block': ChatBlockPayload,
  'chat.unblock': ChatUnblockPayload,
  'message.send': MessageSendPayload,
  'dialog.read': DialogReadPayload,
  'dialog.update': DialogUpdatePayload,
  // Door check-in (contract/checkin.ts): one scan, admitted or refused; the command id is the
  // scan's own id, so a scan uploaded twice is recorded once.
  'ticket.scan': TicketScanPayload,
  // The organiser's admin area (contract/admin.ts): an event's fields (update carries only the
  // changed ones), its state, its removal and its team.
  'event.create': EventCreatePayload,
  'event.update': EventUpdatePayload,
  'event.status': EventStatusPayload,
  'event.delete': EventDeletePayload,
  'event.role': EventRolePayload,
  'event.poster': EventPosterPayload,
  // The schedule editor (contract/admin-schedule.ts): days, tracks and speeches. A track or speech
  // made without an id may be named by its command's id in the commands queued after it.
  'schedule.day.set': ScheduleDayPayload,
  'schedule.day.remove': ScheduleDayRemovePayload,
  'schedule.track.set': ScheduleTrackPayload,
  'schedule.track.remove': ScheduleTrackRemovePayload,
  'schedule.track.order': ScheduleTrackOrderPayload,
  'schedule.speech.set': ScheduleSpeechPayload,
  'schedule.speech.remove': ScheduleSpeechRemovePayload,
  // Meeting settings and visitor categories (contract/admin-meetings.ts). `outside` says what
  // happens to booked meetings the new hours, tables or places leave out: refuse, keep or cancel.
  'meetings.settings.set': MeetingsSetPayload,
  'meetings.categories.set': CategoriesSetPayload,
  // Stands (contract/admin-stands.ts): organisers make, edit and remove them; a stand's managers
  // edit that stand and its members, one member at a time.
  'stand.set': StandSetPayload,
  'stand.remove': StandRemovePayload,
  'stand.member.set': StandMemberSetPayload,
  'stand.member.remove': StandMemberRemovePayload,
  // Invitations by email (contract/admin-people.ts): an address with an account gets the role at
  // once; one without gets a link that signs the person up and gives it.
  'people.invite.send': PeopleInvitePayload,
  'people.invite.remove': PeopleInviteRemovePayload,
  // Ticket sales (contract/sales.ts): an event's ticket types and how it is paid for. Buying is
  // not a command: a payment is never queued (server/routes/api/checkout.ts).
  'ticket_type.save': TicketTypeSavePayload,
  'ticket_type.delete': TicketTypeDeletePayload,
  // A hidden type's private link made anew; the old one stops working.
  'ticket_type.new_link': TicketTypeLinkPayload,
  // Quotas shared across ticket types (contract/quotas.ts).
  'ticket_quota.save': SharedQuotaSavePayload,
  'ticket_quota.delete': SharedQuotaDeletePayload,
  'ticket_sales.settings': SalesSettingsPayload,
  // Promo codes (contract/promo.ts): created, edited and switched off; never removed, orders name them.
  'promo_code.save': PromoCodeSavePayload,
  // The waitlist of sold-out types (contract/waitlist.ts): a person joins or leaves a line; the
  // organiser offers a place by hand, removes an entry, and sets how long offers hold.
  'waitlist.join': WaitlistJoinPayload,
  'waitlist.leave': WaitlistLeavePayload,
  'waitlist.offer': WaitlistEntryPayload,
  'waitlist.remove': WaitlistEntryPayload,
  'waitlist.settings': WaitlistSettingsPayload,
  // Attendee self-service (contract/self-service.ts): the holder gives a ticket to somebody else by
  // email; the old code is revoked, the new holder gets a new one.
  'ticket.transfer': TicketTransferPayload,
  // ...and cancels a free ticket until the event starts; its place goes back on sale at once.
  'ticket.cancel': TicketCancelPayload,
  // ...and corrects the name and company printed on it, until the organiser's deadline.
  'ticket.edit': TicketEditPayload,
  // Notifications (contract/notifications.ts): the user's own notices marked read on every device.
  'notification.read': NotificationReadPayload,
  // The calendar (contract/calendar.ts): a star on a speech of the live stage; the feed's address.
  'speech.star': SpeechStarPayload,
  'calendar.feed': CalendarFeedPayload,
  // The trip plan (contract/trips.ts): the texts the form changed; the picture is an upload.
  'trip.save': TripSavePayload,
  // Referrals (contract/referrals.ts): an existing account came to the event through a link.
  'referral.claim': ReferralClaimPayload,
  // Meet by QR (contract/contacts.ts): a scanned contact code gives both people the contact; the
  // owner's note and removal touch only their own copy.
  'contact.scan': ContactScanPayload,
  'contact.note': ContactNotePayload,
  'contact.remove': ContactRemovePayload,
  // Leads at the stand (contract/leads.ts): a member's scan, note, rating and removal of the
  // stand's lead, checked against the stand's members when applied; the visitor's withdrawal.
  'lead.scan': LeadScanPayload,
  'lead.update': LeadUpdatePayload,
  'lead.remove': LeadRemovePayload,
  'lead.withdraw': LeadWithdrawPayload,
  // Check-in lists per gate (contract/checkin-lists.ts): the organiser makes, edits and removes them.
  'checkin_list.save': CheckinListSavePayload,
  'checkin_list.delete': CheckinListDeletePayload,
  // Web Push (contract/push.ts): this browser's subscription, kept or forgotten.
  'push.subscribe': PushSubscribePayload,
  'push.unsubscribe': PushUnsubscribePayload,
} satisfies Record<string, TSchema>);

export type CommandKind = keyof typeof COMMAND_PAYLOADS;
/**
 * The organisers' admin commands (issue 14): each checks inside its transaction that the actor
 * organises the event (stand commands also let that stand's managers in). Tests try every one.
 */
export const ADMIN_COMMAND_KINDS = [
  'event.create',
  'event.update',
  'event.status',
  'event.delete',
  'event.role',
  'event.poster',
  'schedule.day.set',
  'schedule.day.remove',
  'schedule.track.set',
  'schedule.track.remove',
  'schedule.track.order',
  'schedule.speech.set',
  'schedule.speech.remove',
  'meetings.settings.set',
  'meetings.categories.set',
  'stand.set',
  'stand.remove',
  'stand.member.set',
  'stand.member.remove',
  'people.invite.send',
  'people.invite.remove',
] as const satisfies readonly CommandKind[];
export type CommandPayload<K extends CommandKind> = Static<(typeof COMMAND_PAYLOADS)[K]>;
export const COMMAND_KINDS = /* @__PURE__ */ Object.keys(COMMAND_PAYLOADS) as CommandKind[];

export function isCommandKind(kind: unknown): kind is CommandKind {
  return typeof kind === 'string' && Object.hasOwn(COMMAND_PAYLOADS, kind);
}

export const CommandEnvelope = storable(
  Type.Object(
    {
      /** Client-generated, unique per user: a UUID or another 16–64 character token. */
      id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
      kind: Type.String({ maxLength: 64 }),
      payload: Type.Unknown(),
      /**
       * When it happened on the device (ISO 8601); kept apart from when the server received it. Not
       * held to the sane range here: a device whose clock is far off still gets its action applied,
       * and the server corrects the time by `sentAt` or, failing that, ignores it.
       */
      occurredAt: Type.String({ maxLength: 40 }),
    },
    { additionalProperties: false },
  ),
);
export type CommandEnvelope = Static<typeof CommandEnvelope>;

export const CommandBatch = storable(
  Type.Object(
    {
      commands: Type.Array(CommandEnvelope, { maxItems: 100 }),
      /** The device's clock as it sent the batch (ISO 8601): the server corrects occurredAt by the difference. */
      sentAt: Type.Optional(Type.String({ maxLength: 40 })),
    },
    { additionalProperties: false },
  ),
);

export interface CommandResult {
  id: string;
  status: 'applied' | 'rejected';
  code?: ErrorCode;
  /** Ids of the documents the command touched, so the client knows what to expect from the next pull. */
  ids?: string[];
}

export interface PullResponse<T> {
  documents: (T & { deleted: boolean })[];
  checkpoint: number;
}

/** The live hint stream says which collections changed; the worker answers by pulling them. */
export interface SyncHint {
  collections: string[];
}
export const SYNC_RESYNC = 'RESYNC';
