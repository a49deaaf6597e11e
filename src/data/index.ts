/**
 * The only module screens import from the data layer (see api.ts for the contract). Everything it
 * returns is read from the local database and overlaid with the queued commands.
 */
export type {
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
