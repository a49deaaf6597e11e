/**
 * Where an event stands and what its stage can show: the one source of truth for the event page's
 * video block (video.ts) and the live page's player (features/live/video-clock.ts). Both used to
 * decide on their own, and the live page called an in-person event nine days ahead "taking place
 * now" while the event page counted down to it.
 *
 * - phase: future before `when`, finished from `when_end`, running in between. An event without a
 *   usable end (0, or not after the start) counts as running once started: saying "finished"
 *   without knowing would hide a live stream. A multi-day event is running through its nights too:
 *   the organiser's span is what the device knows.
 * - medium: a stream only for an online event with an embeddable frame (video type 1, events.md
 *   §3); the server hands out a frame only for webinars (server/routes/api/webinar.ts). Online
 *   without one, there is nothing to play; in person, the event happens on site.
 */

import { eventPhase, type EventPhase } from './phase.ts';

export { eventPhase, type EventPhase };

/** events.md §3/§4: video type 1 is a frame we can embed; anything else has no player. */
export const EMBEDDABLE_VIDEO_TYPE = 1;

export type StageMedium = 'stream' | 'noStream' | 'onsite';

export interface StageInput {
  /** Unix seconds. */
  when: number;
  /** Unix seconds; 0 or not after `when` means unknown. */
  when_end: number;
  is_webinar: boolean;
  video_type: number;
}

export interface EventStage {
  phase: EventPhase;
  medium: StageMedium;
  /** Until the start; 0 once started. */
  startsInMs: number;
}

export function stageMedium(input: Pick<StageInput, 'is_webinar' | 'video_type'>): StageMedium {
  if (!input.is_webinar) return 'onsite';
  return input.video_type === EMBEDDABLE_VIDEO_TYPE ? 'stream' : 'noStream';
}

export function eventStage(input: StageInput, nowMs: number): EventStage {
  const phase = eventPhase(input.when, input.when_end, nowMs);
  return { phase, medium: stageMedium(input), startsInMs: phase === 'future' ? input.when * 1000 - nowMs : 0 };
}

/** The message key of the line under a countdown: what will happen at the start. */
export function countdownNoteKey(medium: StageMedium): 'video.appearsAtStart' | 'video.startsOnSite' | 'video.startsAt' {
  return medium === 'stream' ? 'video.appearsAtStart' : medium === 'onsite' ? 'video.startsOnSite' : 'video.startsAt';
}
