import { useCallback, useEffect, useMemo } from 'react';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import { joinUrl, withLang } from '../../sync/engine/http.ts';
import { currentSpeech, groupSchedule, onAir, type OnAir, type ScheduleDay } from '../../sync/views/schedule/schedule.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useDevice, useNowSeconds, useRuntime } from './hooks.ts';

/** An event's programme before the device answers. */
export const NO_SCHEDULE_DOCS: ScheduleDoc[] = [];

export type { OnAir, ScheduleDay, ScheduleTrack } from '../../sync/views/schedule/schedule.ts';
export type { ScheduleDoc } from '../../contract/schedule.ts';
export { SPEAKERS_SHOWN, speechTiming } from '../../sync/views/schedule/schedule.ts';

export interface ScheduleData {
  days: ScheduleDay[];
  current: ScheduleDoc | null;
  /** What is running now and what starts next (a break has nothing live). */
  onAir: OnAir;
}

export function useSchedule(eventId: number): Loadable<ScheduleData> {
  const runtime = useRuntime();
  useEffect(() => runtime.requestScope('schedule', eventId), [runtime, eventId]);
  const list = useDevice(query('schedule', eventId), NO_SCHEDULE_DOCS);
  const now = useNowSeconds();
  const days = useMemo(() => groupSchedule(list.value), [list.value]);
  const current = useMemo(() => currentSpeech(list.value, now), [list.value, now]);
  const air = useMemo(() => onAir(list.value, now), [list.value, now]);
  return useMemo(() => ({ data: { days, current, onAir: air }, isLoading: list.loading }), [days, current, air, list.loading]);
}

/** A slow answer is as good as none: the user gets the error and a way to try again. */
const VIDEO_LINK_TIMEOUT_MS = 15_000;

/**
 * Asks the server whether the video frame at `framePath` would play for this user, before the page
 * shows it (events.md §4 "then fetches the video link"). The frame path answers a viewer who may
 * watch with a redirect to the organiser's stream, and everybody else with an error page; the
 * redirect is not followed, so the stream address never reaches the page and no request goes to
 * the organiser's server until the frame itself loads. False on a refusal, a server error or no
 * network: the page then shows its error and lets the user try again.
 */
export function useVideoLinkCheck(): (framePath: string) => Promise<boolean> {
  const runtime = useRuntime();
  return useCallback(
    async (framePath: string) => {
      const res = await fetch(joinUrl(runtime.baseUrl, withLang(framePath)), {
        credentials: 'same-origin',
        cache: 'no-store',
        redirect: 'manual',
        signal: AbortSignal.timeout(VIDEO_LINK_TIMEOUT_MS),
      });
      return res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400) || res.ok;
    },
    [runtime],
  );
}
