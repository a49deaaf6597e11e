import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_ASPECT_RATIO } from '../../../contract/constants.ts';
import type { EventView } from '../../data/index.ts';
import { countdownParts, formatClock, formatEventStart } from '../format/events.ts';
import { VIDEO_FRAME_ALLOW, webinarFramePath } from './video.ts';
import { countdownNoteKey, stageMedium } from './stage.ts';

/**
 * The pieces the event page's video block and the live page's player share, so the frame's
 * permissions, the aspect ratio and the countdown read the same on both.
 */

const FRAME_STYLE = { aspectRatio: String(VIDEO_ASPECT_RATIO) };

/** The broadcast itself, through the same-origin path that redirects to the stream. */
export function VideoFrame({ event }: { event: EventView }) {
  const { t } = useTranslation();
  return (
    <div className="video" style={FRAME_STYLE}>
      <iframe
        className="video__frame"
        src={webinarFramePath(event.event_id)}
        title={t('video.frameTitle', { name: event.name })}
        allow={VIDEO_FRAME_ALLOW}
        allowFullScreen
        referrerPolicy="same-origin"
      />
    </div>
  );
}

/** Kinds of video state that both players explain with the same single line. */
const MESSAGES = {
  finished: 'video.finished',
  onsite: 'video.onsite',
  unavailable: 'video.unavailable',
  ticket: 'video.ticketRequired',
  checkin: 'video.checkinToWatch',
} as const satisfies Record<string, string>;

/**
 * The poster with whatever stands in for the video until it plays: a message, a countdown, a button.
 * Without children it says what the states in MESSAGES say, so each player spells out only what is
 * its own. The poster is shown as it is, never darkened, and the words and digits sit in a band of
 * their own under it: laid over the picture they collided with the text organisers put in posters
 * (issue 27). An event without a poster keeps the plain dark frame with the words inside.
 */
export function VideoPoster({ event, kind, children }: { event: EventView; kind: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const message = Object.hasOwn(MESSAGES, kind) ? MESSAGES[kind as keyof typeof MESSAGES] : null;
  // The server keeps no recordings: an online event that has ended says so (events.md §8).
  const noRecording = kind === 'finished' && event.is_webinar;
  const content =
    children || message || noRecording ? (
      <>
        {children ?? (message ? <p className="video__message">{t(message)}</p> : null)}
        {!children && noRecording ? <p className="video__note">{t('video.noRecording')}</p> : null}
      </>
    ) : null;
  if (!event.poster_big) {
    return (
      <div className={`video video--${kind}`} style={FRAME_STYLE}>
        <div className="video__overlay">{content}</div>
      </div>
    );
  }
  return (
    <div className={`video video--${kind} video--poster`}>
      <div className="video__image" style={{ ...FRAME_STYLE, backgroundImage: `url("${event.poster_big.replace(/"/g, '%22')}")` }} />
      {content ? <div className="video__band">{content}</div> : null}
    </div>
  );
}

export function VideoCountdown({ event, remainingMs }: { event: EventView; remainingMs: number }) {
  const { t } = useTranslation();
  const parts = countdownParts(Math.max(0, remainingMs));
  return (
    <>
      <p className="video__label">{t('video.startsIn')}</p>
      {/* role=timer is not announced on every tick; the start time below is what a screen reader needs. */}
      <p className="video__countdown" role="timer">
        {parts.days > 0 ? <span className="video__days">{t('video.days', { n: parts.days })}</span> : null}
        <span className="video__clock">{formatClock(parts)}</span>
      </p>
      {/* What the start brings: a stream to watch, the doors of the venue, or just the start. */}
      <p className="video__note">{t(countdownNoteKey(stageMedium(event)), { time: formatEventStart(event.when, event.timezone) })}</p>
    </>
  );
}

/** A player that could not start: why, said out loud, and a way to try again. */
export function VideoRetry({ message, retry, onRetry }: { message: ReactNode; retry: ReactNode; onRetry(): void }) {
  return (
    <>
      <p className="video__message" role="alert">
        {message}
      </p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
        {retry}
      </button>
    </>
  );
}
