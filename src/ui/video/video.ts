import { EMBEDDABLE_VIDEO_TYPE, eventPhase, eventStage, type EventPhase } from './stage.ts';

export { EMBEDDABLE_VIDEO_TYPE };

export type VideoPhase = EventPhase;

/** Where the event is in time (stage.ts decides, for this page and the live page alike). */
export function videoPhase(when: number, whenEnd: number, nowMs: number): VideoPhase {
  return eventPhase(when, whenEnd, nowMs);
}

export interface VideoInput {
  when: number;
  when_end: number;
  is_webinar: boolean;
  video_type: number;
  is_free: boolean;
  has_ticket: boolean;
  is_owner: boolean;
  checked_in: boolean;
}

export type VideoBlockState =
  | { kind: 'countdown'; remainingMs: number }
  /** Running, embeddable and the user may watch: a play button that opens the frame. */
  | { kind: 'play' }
  /** Running and embeddable, but a guest: watching needs an account first. */
  | { kind: 'login' }
  /** Running and embeddable, logged in, paid event, no ticket and not the owner. */
  | { kind: 'ticket' }
  /** Running and embeddable, logged in, free event the user has not checked in to. */
  | { kind: 'checkin' }
  /** Running in person, with no stream to show. */
  | { kind: 'onsite' }
  /** Running online, but no embeddable stream. */
  | { kind: 'unavailable' }
  | { kind: 'finished' };

/** The video block of the event page (events.md §4), derived from the event, the user and the clock. */
export function videoBlockState(event: VideoInput, loggedIn: boolean, nowMs: number): VideoBlockState {
  const stage = eventStage(event, nowMs);
  if (stage.phase === 'future') return { kind: 'countdown', remainingMs: stage.startsInMs };
  if (stage.phase === 'finished') return { kind: 'finished' };
  if (stage.medium === 'onsite') return { kind: 'onsite' };
  if (stage.medium === 'noStream') return { kind: 'unavailable' };
  if (!loggedIn) return { kind: 'login' };
  if (mayWatch(event)) return { kind: 'play' };
  return { kind: event.is_free ? 'checkin' : 'ticket' };
}

/**
 * Who may watch: ticket holders and owners (owners bypass the ticket check, events.md §4), and, as
 * the server hands out the stream link (server/routes/api/events.ts), checked-in visitors of a free
 * event, which has no tickets to hold.
 */
export function mayWatch(event: Pick<VideoInput, 'is_free' | 'has_ticket' | 'is_owner' | 'checked_in'>): boolean {
  return event.has_ticket || event.is_owner || (event.is_free && event.checked_in);
}

/**
 * The player frame loads from our own server, which checks the session and the right to watch again
 * and then sends the frame to the organiser's stream: the link itself never reaches a user who may
 * not watch, and it is not part of the replicated event document. It sits under /api so neither the
 * service worker nor the server's SPA fallback ever answers it with the app shell.
 */
export function webinarFramePath(eventId: number): string {
  return `/api/events/webinar/${eventId}`;
}

/** The frame may use what a live stage needs (events.md §4). */
export const VIDEO_FRAME_ALLOW = 'camera; microphone; fullscreen; display-capture';
