import { useCallback, useMemo } from 'react';
import type { ErrorCode } from '../../contract/errors.ts';
import type { TripField } from '../../contract/trips.ts';
import { NO_TRIP } from '../../contract/trips.ts';
import type { OwnTripView } from '../../sync/views/trips/trips.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useDevice, useRuntime } from './hooks.ts';
import { uploadOnline } from './online.ts';
import type { DataRuntime } from './runtime.ts';

export type { OwnTripView } from '../../sync/views/trips/trips.ts';
export { TRIP_FIELDS, TRIP_TEXT_MAX, type OwnTrip, type TripField } from '../../contract/trips.ts';

export type PictureResult = { ok: true } | { ok: false; code: ErrorCode | 'network_error'; retryAfter?: number };

export interface TripActions {
  /** Queues the changed texts (works offline). */
  save(changes: Partial<Record<TripField, string>>): Promise<void>;
  /** Uploads a picture for the plan; needs the network. */
  uploadPicture(file: Blob): Promise<PictureResult>;
  removePicture(): Promise<PictureResult>;
}

/** POST /api/events/{id}/trip-plan?save=1 (server/routes/api/trips.ts): the picture's own call. */
async function postPicture(runtime: DataRuntime, eventId: number, query: string, file?: Blob): Promise<PictureResult> {
  const body = new FormData();
  if (file) body.append('img', file);
  const res = await uploadOnline(runtime, `/api/events/${eventId}/trip-plan?${query}`, body);
  if (res.ok) return { ok: true };
  return { ok: false, code: res.code, ...(res.retryAfter !== undefined ? { retryAfter: res.retryAfter } : {}) };
}

/** The plan before the device has answered: nothing saved, nothing waiting. */
const NO_OWN_TRIP: OwnTripView = { trip: NO_TRIP, pending: new Set(), known: false };

export function useOwnTrip(eventId: number): Loadable<OwnTripView> & TripActions {
  const runtime = useRuntime();
  const view = useDevice(query('ownTrip', eventId), NO_OWN_TRIP);
  const save = useCallback(
    async (changes: Partial<Record<TripField, string>>) => {
      if (Object.keys(changes).length === 0) return;
      await runtime.enqueue('trip.save', { event_id: eventId, ...changes });
    },
    [runtime, eventId],
  );
  // The device learns of the new picture through the feed: the save stamps its my_events document.
  const uploadPicture = useCallback((file: Blob) => postPicture(runtime, eventId, 'save=1', file), [runtime, eventId]);
  const removePicture = useCallback(() => postPicture(runtime, eventId, 'save=1&remove_img=1'), [runtime, eventId]);
  return useMemo(() => ({ data: view.value, isLoading: view.loading, save, uploadPicture, removePicture }), [view, save, uploadPicture, removePicture]);
}
