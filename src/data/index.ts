/**
 * The only module screens import from the data layer (see api.ts for the contract). Everything it
 * returns is read from the local database and overlaid with the queued commands.
 */
export type {
  AppointmentActions,
  AppointmentEventSummary,
  AppointmentEventsData,
  AppointmentFailure,
  AppointmentItem,
  AppointmentNotice,
  AppointmentNotices,
  AppointmentRequest,
  AppointmentStatus,
  SlotsData,
  SlotView,
  Cached,
  CategoryCount,
  CityCount,
  CountryCount,
  OwnProfile,
  PeopleItem,
  PeoplePage,
  PeopleTab,
  PersonSummary,
  ProfileActions,
  ProfilePatch,
  ProfileState,
  SortOrder,
  StatusType,
  VisitorActions,
  VisitorView,
  VisitorsFilter,
  VisitorsPageData,
  VisitorsSort,
  VisitorsTab,
  EventActions,
  EventsFilter,
  EventsPage,
  EventsQuery,
  EventView,
  Loadable,
  MyEventCounts,
  MyEventFields,
  NamedCount,
  Rejection,
  RejectionsState,
  SessionState,
  SessionUser,
  SyncState,
  SyncStatus,
} from './api.ts';
export { DataProvider } from './DataProvider.tsx';
/** Pure rules the profile form shares with the data layer, so the screen and the overlay agree. */
export { effectiveShowStatus, validateVisitorInfo, type VisitorInfoErrors } from '../../sync/profile.ts';
export { SIGNED_IN_TABS, VISITORS_TABS } from '../../sync/visitors.ts';
export {
  useEvent,
  useEventActions,
  useEventCategories,
  useEventCities,
  useEvents,
  useMyEventCounts,
  useRejections,
  useSession,
  useSyncStatus,
} from './hooks.ts';
export {
  useFriends,
  usePeople,
  useProfile,
  useProfileActions,
  useStatusTypes,
  useUnreadMessages,
  useVisitorActions,
  useVisitors,
} from './networking-hooks.ts';
export {
  useAppointment,
  useAppointmentActions,
  useAppointmentEvents,
  useAppointmentNotices,
  useInviteToMeeting,
  useMeetingVideoLink,
  useMyAppointments,
  useSlots,
  type InviteLink,
} from './appointments.ts';
export { useMeetingNoticeSocket, type SocketException } from './notices-socket.ts';
export type {
  CompaniesData,
  Company,
  CompanyData,
  DoorActions,
  DoorConflict,
  DoorCount,
  DoorEventItem,
  DoorEventsData,
  DoorLink,
  DoorScanOutcome,
  DoorState,
  DoorTicketView,
  MyTicketsData,
  RecentScan,
  ScanLogFilter,
  ScanLogRow,
  ScanResult,
  StandMember,
  Ticket,
  TicketActions,
  TicketCounts,
  TicketEmailResult,
  TicketsTab,
} from './api.ts';
export { useCompanies, useCompany } from './companies.ts';
export { useMyTickets, useTicketActions, useTicketEmailLock } from './tickets.ts';
export { useDoor, useDoorEvents, useDoorSearch } from './checkin.ts';
export { filterScanLog, SCAN_LOG_FILTERS, scanLogCounts } from '../../sync/checkin.ts';
/** Pure rules the companies and tickets screens share with the data layer. */
export { TICKETS_TABS } from '../../sync/tickets.ts';
export { pageOfCompanies } from '../../sync/companies.ts';
export { useDialog, useDialogs, useMessageActions, useUnreadCount } from './messages.ts';
export type { DialogData, DialogView, DialogsFilter, DialogsPage, MessageActions, MessageView, PeerCard } from './messages.ts';
export { useChatActions, useEventChat, useBusy, type ChatActions, type ChatItem, type EventChat, type EventChatData, type ChatSendResult } from './chat.ts';
/** Pure chat rules the screens share with the data layer. */
export { canSendComment, shouldAutoScroll } from '../../sync/chat.ts';
export { useSchedule, useVideoLinkCheck, SPEAKERS_SHOWN, speechTiming, type ScheduleData, type ScheduleDay, type ScheduleTrack, type ScheduleDoc } from './live.ts';
export { useLiveOnline, type LiveOnline } from './chat-socket.ts';
export { useOrganiserActions, type DoorStaffMember, type OrganiserActions, type OrganiserFailure } from './organiser.ts';
/** The role rules of the ticket-design screen, the same the server enforces on save. */
export { checkDesignRoles, defaultTicketDesign, type DesignRole, type TicketDesignSettings } from '../../contract/tickets.ts';
