import { useEffect, useMemo } from 'react';
import type { EventFields, EventStatus, TeamRole } from '../../contract/admin.ts';
import type { ClientRef } from '../../contract/admin-refs.ts';
import type { SpeechFields } from '../../contract/admin-schedule.ts';
import { scheduleEditorView, type AdminScheduleView } from '../../sync/views/admin/schedule.ts';
import { meetingsEditorView, type AdminMeetingsView } from '../../sync/views/admin/meetings.ts';
import type { BookedMeetingItem, CategoriesSetPayload, MeetingSettingsFields, OutsideChoice } from '../../contract/admin-meetings.ts';
import type { CacheKey } from '../../workers/caches.ts';
import type { QueuedCommand } from '../../sync/store/overlay.ts';
import { organisedEvents, queuedCreates, type AdminEventView, type QueuedCreate } from '../../sync/admin.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { NO_SCHEDULE_DOCS } from './live.ts';
import { useCacheEntry, useDevice, useNowSeconds, useRuntime, useViews } from './hooks.ts';
import type { Loaded } from './value-store.ts';

const NO_COMMANDS: (QueuedCommand & { code?: string })[] = [];

/** The organisers' queued commands (sync/views/admin), which every admin screen overlays on what it shows. */
export function useAdminCommands(): Loaded<(QueuedCommand & { code?: string })[]> {
  return useDevice(query('adminCommands'), NO_COMMANDS);
}

export interface AdminEventsData {
  events: AdminEventView[];
  /** Events created on this device that the server has not sent back yet, or refused. */
  queued: QueuedCreate[];
}

export function useAdminEvents(): Loadable<AdminEventsData> {
  const views = useViews();
  const commands = useAdminCommands();
  const now = useNowSeconds();
  const data = useMemo(
    () => ({ events: organisedEvents(views.value, commands.value, now), queued: queuedCreates(commands.value) }),
    [views.value, commands.value, now],
  );
  return useMemo(() => ({ data, isLoading: views.loading || commands.loading }), [data, views.loading, commands.loading]);
}

/** One event the user organises; undefined when it is not on the device or not theirs. */
export function useAdminEvent(eventId: number): Loadable<AdminEventView | undefined> {
  const all = useAdminEvents();
  const data = useMemo(() => all.data.events.find((e) => e.event.event_id === eventId), [all.data.events, eventId]);
  return useMemo(() => ({ data, isLoading: all.isLoading }), [data, all.isLoading]);
}

/**
 * The schedule editor of an event the user organises: its days and tracks (the organisers' copy of
 * the event document), its speeches (the schedule collection, which organisers replicate by rule),
 * with the queued schedule changes on top. Undefined when the event is not the user's.
 */
export function useAdminSchedule(eventId: number): Loadable<AdminScheduleView | undefined> {
  const runtime = useRuntime();
  const event = useAdminEvent(eventId);
  useEffect(() => runtime.requestScope('schedule', eventId), [runtime, eventId]);
  const docs = useDevice(query('schedule', eventId), NO_SCHEDULE_DOCS);
  const commands = useAdminCommands();
  const view = event.data?.event;
  const data = useMemo(
    () => (view ? scheduleEditorView(eventId, view.admin.schedule, docs.value, commands.value) : undefined),
    [eventId, view, docs.value, commands.value],
  );
  return useMemo(() => ({ data, isLoading: event.isLoading || docs.loading }), [data, event.isLoading, docs.loading]);
}

export interface AdminMeetingsData {
  view: AdminMeetingsView;
  /** The event's booked meetings as last read from the server, and when; null until first read. */
  booked: { items: BookedMeetingItem[]; fetchedAt: number } | null;
}

/** The meeting settings of an event the user organises, and its booked meetings (read again on each visit). */
export function useAdminMeetings(eventId: number): Loadable<AdminMeetingsData | undefined> {
  const runtime = useRuntime();
  const event = useAdminEvent(eventId);
  const commands = useAdminCommands();
  const key = `admin_meetings:${eventId}` as const satisfies CacheKey;
  useEffect(() => runtime.refresh([key]), [runtime, key]);
  const cache = useCacheEntry(key);
  const view = event.data?.event;
  const entry = cache.value;
  const data = useMemo(
    () =>
      view ? { view: meetingsEditorView(view, commands.value), booked: entry ? { items: entry.data.items, fetchedAt: entry.fetchedAt } : null } : undefined,
    [view, commands.value, entry],
  );
  return useMemo(() => ({ data, isLoading: event.isLoading || cache.loading }), [data, event.isLoading, cache.loading]);
}

export interface AdminActions {
  createEvent(fields: EventFields): Promise<void>;
  /** Only the changed fields. */
  updateEvent(eventId: number, fields: Partial<EventFields>): Promise<void>;
  setStatus(eventId: number, status: EventStatus): Promise<void>;
  deleteEvent(eventId: number): Promise<void>;
  setRole(eventId: number, who: { email: string } | { user_id: number }, role: TeamRole, granted: boolean): Promise<void>;
  /** An uploaded poster's address, or '' for the drawn one. */
  setPoster(eventId: number, poster: string): Promise<void>;
  /** Lets go of a refused or parked admin command. */
  dismiss(commandId: string): Promise<void>;
  setDay(eventId: number, date: string, title: string): Promise<void>;
  removeDay(eventId: number, date: string): Promise<void>;
  /** A new track; answers how later changes may name it before the server has given it an id. */
  addTrack(eventId: number, title: string): Promise<ClientRef>;
  renameTrack(eventId: number, track: ClientRef, title: string): Promise<void>;
  removeTrack(eventId: number, track: ClientRef): Promise<void>;
  orderTracks(eventId: number, tracks: ClientRef[]): Promise<void>;
  /** Adds a speech (no `speech`) or replaces one's fields. */
  saveSpeech(eventId: number, speech: ClientRef | null, fields: SpeechFields): Promise<void>;
  removeSpeech(eventId: number, speech: ClientRef): Promise<void>;
  saveMeetingSettings(eventId: number, settings: MeetingSettingsFields, outside: OutsideChoice): Promise<void>;
  saveCategories(eventId: number, categories: CategoriesSetPayload['categories']): Promise<void>;
}

export function useAdminActions(): AdminActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      createEvent: (fields) => runtime.enqueue('event.create', { fields }),
      updateEvent: (eventId, fields) => runtime.enqueue('event.update', { event_id: eventId, fields }),
      setStatus: (eventId, status) => runtime.enqueue('event.status', { event_id: eventId, status }),
      deleteEvent: (eventId) => runtime.enqueue('event.delete', { event_id: eventId }),
      setRole: (eventId, who, role, granted) => runtime.enqueue('event.role', { event_id: eventId, who, role, granted }),
      setPoster: (eventId, poster) => runtime.enqueue('event.poster', { event_id: eventId, poster }),
      dismiss: (commandId) => runtime.dismiss(commandId),
      setDay: (eventId, date, title) => runtime.enqueue('schedule.day.set', { event_id: eventId, date, title }),
      removeDay: (eventId, date) => runtime.enqueue('schedule.day.remove', { event_id: eventId, date }),
      addTrack: async (eventId, title) => ({ client_id: await runtime.enqueueWithId('schedule.track.set', { event_id: eventId, title }) }),
      renameTrack: (eventId, track, title) => runtime.enqueue('schedule.track.set', { event_id: eventId, track, title }),
      removeTrack: (eventId, track) => runtime.enqueue('schedule.track.remove', { event_id: eventId, track }),
      orderTracks: (eventId, tracks) => runtime.enqueue('schedule.track.order', { event_id: eventId, tracks }),
      saveSpeech: (eventId, speech, fields) =>
        runtime.enqueue('schedule.speech.set', speech ? { event_id: eventId, speech, fields } : { event_id: eventId, fields }),
      removeSpeech: (eventId, speech) => runtime.enqueue('schedule.speech.remove', { event_id: eventId, speech }),
      saveMeetingSettings: (eventId, settings, outside) => runtime.enqueue('meetings.settings.set', { event_id: eventId, settings, outside }),
      saveCategories: (eventId, categories) => runtime.enqueue('meetings.categories.set', { event_id: eventId, categories }),
    }),
    [runtime],
  );
}
