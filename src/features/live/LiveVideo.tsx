import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS } from '../../../contract/constants.ts';
import type { EventView } from '../../data/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useNow } from '../../ui/useNow.ts';
import { VideoCountdown, VideoFrame, VideoPoster, VideoRetry } from '../../ui/video/VideoParts.tsx';
import { docksOffStage, type LiveVideoState } from './video-clock.ts';
import { useLiveVideo } from './useLiveVideo.ts';

export type LiveVideoMode = 'inline' | 'floating';

/**
 * The live page's video. On the stage it sits at the top of the page; on the other sections it
 * docks at the bottom of the screen (live.css, LivePage.tsx) as a small non-modal window that can
 * be minimised (it keeps playing) or closed (it stops). Both modes are the same element with the
 * player at the same place in the tree, so moving between sections changes only its classes: an
 * iframe that React remounted, or that the DOM moved, would reload and drop the viewer out of the
 * stream.
 */
export function LiveVideo({ event, mode, onError }: { event: EventView; mode: LiveVideoMode; onError(): void }) {
  const { t } = useTranslation();
  const { state, retry } = useLiveVideo(event, onError);
  const [minimised, setMinimised] = useState(false);
  const [closed, setClosed] = useClosed(event.event_id);
  const floating = mode === 'floating';

  // Off the stage without a stream there is nothing to dock: no window over the chat.
  if (floating && !docksOffStage(state)) return null;

  const classes = ['live-video', `live-video--${mode}`];
  if (floating && minimised) classes.push('live-video--minimised');
  if (floating && closed) classes.push('live-video--closed');

  return (
    <section
      className={classes.join(' ')}
      {...(floating ? { role: 'dialog', 'aria-modal': false } : { role: 'region' })}
      aria-label={t('live.video.label', { name: event.name })}
      data-testid="live-video"
      data-mode={mode}
      data-state={state.kind}
    >
      {floating ? (
        <div className="live-video__bar">
          <span className="live-video__title">{event.name}</span>
          {closed ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setClosed(false)}>
              {t('live.video.show')}
            </button>
          ) : (
            <>
              <button type="button" className="btn btn--ghost btn--sm" aria-expanded={!minimised} onClick={() => setMinimised((m) => !m)}>
                {minimised ? t('live.video.restore') : t('live.video.minimise')}
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm live-video__close"
                aria-label={t('live.video.close')}
                title={t('live.video.close')}
                onClick={() => setClosed(true)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </>
          )}
        </div>
      ) : null}
      {floating && closed ? null : (
        <div className="live-video__body">
          <VideoScreen event={event} state={state} onRetry={retry} />
        </div>
      )}
    </section>
  );
}

function VideoScreen({ event, state, onRetry }: { event: EventView; state: LiveVideoState; onRetry(): void }) {
  const { t } = useTranslation();

  if (state.kind === 'ready') return <VideoFrame event={event} />;

  let body: ReactNode;
  switch (state.kind) {
    case 'waiting':
      body = <Countdown event={event} startsAtMs={state.startsAtMs} />;
      break;
    case 'loading':
      body = <Spinner label={t('live.video.loading')} block={false} />;
      break;
    case 'error':
      body = <VideoRetry message={t('live.video.error')} retry={t('live.video.retry')} onRetry={onRetry} />;
      break;
    // Finished, on site and unavailable are a line of text, which VideoPoster already knows.
  }
  return (
    <VideoPoster event={event} kind={state.kind}>
      {body}
    </VideoPoster>
  );
}

function Countdown({ event, startsAtMs }: { event: EventView; startsAtMs: number }) {
  const now = useNow(CLOCK_TICK_MS);
  return <VideoCountdown event={event} remainingMs={startsAtMs - now} />;
}

const closedKey = (eventId: number) => `foyer.live.videoClosed.${eventId}`;

/**
 * A docked player the viewer closed stays closed as they move between the sections and come back
 * to them, for the rest of the tab's session: it used to come back on each visit. The stage shows
 * the video whatever this says.
 */
function useClosed(eventId: number): [boolean, (closed: boolean) => void] {
  const [closed, setClosedState] = useState(() => {
    try {
      return sessionStorage.getItem(closedKey(eventId)) === '1';
    } catch {
      return false;
    }
  });
  const setClosed = useCallback(
    (next: boolean) => {
      setClosedState(next);
      try {
        if (next) sessionStorage.setItem(closedKey(eventId), '1');
        else sessionStorage.removeItem(closedKey(eventId));
      } catch {
        // Storage refused (private mode): closed for this page only.
      }
    },
    [eventId],
  );
  return [closed, setClosed];
}
