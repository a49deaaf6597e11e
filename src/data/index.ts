/**
 * The only module screens import from the data layer (see api.ts and door-api.ts for the contract). Everything it
 * returns is read from the local database and overlaid with the queued commands.
 */
export type * from './api.ts';
export type * from './door-api.ts';
export { DataProvider } from './DataProvider.tsx';
/** Pure rules the profile form shares with the data layer, so the screen and the overlay agree. */
export { effectiveShowStatus, validateVisitorInfo, type VisitorInfoErrors } from '../../sync/views/profile/profile.ts';
export { SIGNED_IN_TABS, VISITORS_TABS } from '../../sync/views/visitors/visitors.ts';
export {
  useEvent,
  useEventActions,
  useEventCategories,
  useEventCities,
  useEvents,
  useFirstSyncPending,
  useMyEventCounts,
  useRejections,
  useSession,
  useSyncStatus,
  useUnsentCommands,
} from './hooks.ts';
export {
  useFriends,
  usePeople,
  useSuggestions,
  useProfile,
  useProfileActions,
  useSharedEvents,
  useStatusTypes,
  useVisitorsKnown,
  useVisitorActions,
  useVisitors,
} from './networking-hooks.ts';
export {
  useAppointment,
  useAppointmentActions,
  useAppointmentEvents,
  useAppointmentNotices,
  useAppointmentsKnown,
  useInviteToMeeting,
  useMeetingVideoLink,
  useMyAppointments,
  useSlots,
  type InviteLink,
} from './appointments.ts';
export { useMeetingNoticeSocket, type SocketException } from './notices-socket.ts';
export { useRemoteUserEvents, type RemoteUserEvents, type UserEventsTab } from './remote-events.ts';
export { useCompanies, useCompany } from './companies.ts';
export { useMyTickets, useTicketActions, useTicketEmailLock } from './tickets.ts';
export { useDoor, useDoorEvents, useDoorSearch } from './checkin.ts';
export { filterScanLog, SCAN_LOG_FILTERS, scanLogCounts } from '../../sync/views/checkin/checkin.ts';
/** Pure rules the companies and tickets screens share with the data layer. */
export { TICKETS_TABS } from '../../sync/views/tickets/tickets.ts';
export { pageOfCompanies } from '../../sync/views/companies/companies.ts';
export { useDialog, useDialogs, useMayMessage, useMessageActions, useUnreadCount } from './messages.ts';
export type { DialogData, DialogView, DialogsFilter, DialogsPage, MessageActions, MessageView, PeerCard } from './messages.ts';
export { useChatActions, useEventChat, useBusy, type ChatActions, type ChatItem, type EventChat, type EventChatData, type ChatSendResult } from './chat.ts';
/** Pure chat rules the screens share with the data layer. */
export { canSendComment, shouldAutoScroll } from '../../sync/views/chat/chat.ts';
export {
  useSchedule,
  useVideoLinkCheck,
  SPEAKERS_SHOWN,
  speechTiming,
  type OnAir,
  type ScheduleData,
  type ScheduleDay,
  type ScheduleTrack,
  type ScheduleDoc,
} from './live.ts';
export { useLiveOnline, type LiveOnline } from './chat-socket.ts';
export { useOrganiserActions, type DoorStaffMember, type OrganiserActions, type OrganiserFailure } from './organiser.ts';
/** The role rules of the ticket-design screen, the same the server enforces on save. */
export { checkDesignRoles, defaultTicketDesign, type DesignRole, type TicketDesignSettings } from '../../contract/tickets.ts';
/** The organiser's admin area (src/data/admin.ts) and the rules its forms share with the server. */
export {
  useAdminActions,
  useAdminEvent,
  useAdminEvents,
  useAdminMeetings,
  useAdminSchedule,
  type AdminActions,
  type AdminEventsData,
  type AdminMeetingsData,
} from './admin.ts';
export type { AdminMeetingsView, MeetingsRefusal } from '../../sync/views/admin/meetings.ts';
export {
  bookedOf,
  checkCategories,
  checkMeetingSettings,
  MEETING_LIMITS,
  meetingsOutside,
  totalTables,
  type BookedMeetingItem,
  type MeetingPlaceInput,
  type MeetingProblems,
  type MeetingSettingsFields,
  type MeetingWindow,
  type OutsideChoice,
  type OutsideReason,
} from '../../contract/admin-meetings.ts';
export {
  speakerInputs,
  type AdminScheduleView,
  type EditorDay,
  type EditorSpeaker,
  type EditorSpeech,
  type EditorTrack,
  type ScheduleRefusal,
} from '../../sync/views/admin/schedule.ts';
export {
  checkSpeechFields,
  eventDates,
  overlapsAny,
  SCHEDULE_LIMITS,
  SPEECH_FIELD_ORDER,
  type SpeakerInput,
  type SpeechFields,
  type SpeechProblem,
  type SpeechProblems,
} from '../../contract/admin-schedule.ts';
export { refKey, type ClientRef, type EventPictureKind } from '../../contract/admin-refs.ts';
export { changedFields, conflicts, fieldsOf, patchOf, type AdminEventView, type AdminListState, type QueuedCreate } from '../../sync/admin.ts';
export {
  checkEventFields,
  EVENT_CATEGORIES,
  EVENT_FIELD_NAMES,
  EVENT_LIMITS,
  isHttpUrlOrEmpty,
  TEAM_ROLES,
  type EventFieldName,
  type EventFields,
  type EventStatus,
  type FieldProblem,
  type FieldProblems,
  type TeamRole,
} from '../../contract/admin.ts';
export { useRequestLanguage } from './language.ts';
export { useOwnCategory, type OwnCategory } from './visitor-category.ts';
export {
  useAccountActions,
  useAccountSessions,
  type AccountActions,
  type AccountFailure,
  type AccountResult,
  type AccountSessions,
  type Places,
  type SignUpInput,
} from './account.ts';
export { useHandoffActions, type HandoffActions, type HandoffFailureCode, type HandoffPreview, type HandoffStep } from './handoff.ts';
export { useEventPictureUpload, type PictureUploader, type PictureUploadResult } from './admin-pictures.ts';
export { useAdminStands, useStandActions, type StandActions } from './admin-stands.ts';
export { findStand, type AdminStandsView, type EditorMember, type EditorStand, type StandRefusal } from '../../sync/views/admin/stands.ts';
export { checkStandFields, STAND_FIELD_ORDER, STAND_LIMITS, type StandFields, type StandProblems } from '../../contract/admin-stands.ts';
export { isStandManager } from '../../contract/companies.ts';
export { useAdminOverview, useAdminPeople, usePeopleActions, type AdminPeopleData, type PeopleActions, type QueuedInvite } from './admin-people.ts';
export { forgetInvitationToken, keepInvitationToken, keptInvitationToken, useInvitationActions, type InvitationActions } from './invitations.ts';
export {
  filledSeries,
  filterPeople,
  INVITE_ROLES,
  NO_PEOPLE_FILTER,
  ticketTypes,
  toCsv,
  type AdminInvitation,
  type AdminOverview,
  type AdminPerson,
  type InviteRole,
  type PeopleFilter,
  type Series,
} from '../../contract/admin-people.ts';
/** Buying tickets (src/data/checkout.ts) and the orders that ride in the tickets collection. */
export {
  useCart,
  useCheckoutActions,
  useCheckoutOffer,
  type CheckoutActions,
  type CheckoutOffer,
  type CheckoutResult,
  type OfferState,
  type OfferType,
  type PlacedOrderView,
} from './checkout.ts';
export { useMyOrders } from './tickets.ts';
/** Places in waitlists (device) and the organiser's lines (online): src/data/waitlist.ts. */
export { useEventWaitlist, useMyWaitlist, useWaitlistActions, useWaitlistQueue, type WaitlistActions } from './waitlist.ts';
export { openOffer, placesOfEvent, type WaitlistPlace } from '../../sync/views/tickets/waitlist.ts';
export type { WaitlistAdminEntry, WaitlistAdminView, WaitlistState } from '../../contract/waitlist.ts';
export type { OnlineFailure, OnlineResult } from './online.ts';
export type { OrderView, OrdersData } from '../../sync/views/tickets/orders.ts';
export {
  attendeeProblems,
  cartCount,
  cartPricing,
  cartTickets,
  cartTotal,
  checkoutLines,
  quantityOf,
  setAttendee,
  setMethod,
  setPromo,
  setQuantity,
  withoutUnknownTypes,
  type CartAttendee,
  type CartDoc,
  type CartType,
} from '../../sync/views/tickets/cart.ts';
/** The organiser's ticket types (on the device) and orders (online): src/data/ticket-sales.ts. */
export {
  useEventOrders,
  useOrderActions,
  useSalesAdmin,
  useSalesAdminActions,
  type EventOrder,
  type EventOrdersPage,
  type OrderActions,
  type OrdersFilter,
  type SalesAdminActions,
  type SalesAdminData,
} from './ticket-sales.ts';
/** Holders' requests to cancel paid tickets, for the organisers (online): src/data/cancel-requests.ts. */
export { useCancelRequestActions, useCancelRequests, type CancelRequestActions, type CancelRequestItem } from './cancel-requests.ts';
export type { AdminPromoView, AdminQuotaView, AdminTypeView, SalesAdminView } from '../../sync/views/tickets/sales-admin.ts';
export {
  useNotifications,
  type NotificationActions,
  type NotificationItem,
  type NotificationKind,
  type NotificationMeeting,
  type NotificationsData,
} from './notifications.ts';
export {
  agenda,
  itemsOn,
  useCalendar,
  useCalendarFeed,
  useSpeechStars,
  weekOf,
  type CalendarFeed,
  type CalendarItem,
  type CalendarKind,
  type CalendarStatus,
  type FeedState,
  type SpeechStars,
} from './calendar.ts';
export { usePushDevice, type PushDevice, type PushState } from './push.ts';
export {
  TRIP_FIELDS,
  TRIP_TEXT_MAX,
  useOwnTrip,
  type OwnTrip,
  type OwnTripView,
  type PictureResult,
  type TripActions,
  type TripField,
} from './trips.ts';
export {
  REFERRAL_PARAM,
  referralLink,
  referralTotals,
  useReferralCatcher,
  useReferrals,
  type ReferralsCache,
} from './referrals.ts';
export {
  CSV_COLUMNS,
  searchContacts,
  toCsv as contactsCsv,
  toVCard as contactsVCard,
  useContactCode,
  useContacts,
  type CardPerson,
  type ContactActions,
  type ContactCodeCache,
  type ContactView,
  type CsvColumn,
  type ScanVerdict,
} from './contacts.ts';
export {
  LEAD_CSV_COLUMNS,
  leadsCsv,
  useLeadCounts,
  useLeadStands,
  useStandLeads,
  type LeadActions,
  type LeadCsvColumn,
  type LeadView,
  type StandLeads,
} from './leads.ts';
/** Check-in lists per gate, for the organiser (online, with live counts): src/data/checkin-lists.ts. */
export { useCheckinListActions, useCheckinLists, type CheckinListActions } from './checkin-lists.ts';
export type { CheckinList, CheckinListFields, CheckinListView, CheckinListsAnswer } from '../../contract/checkin-lists.ts';
