import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS } from '../../../../contract/constants.ts';
import { useVideoLinkCheck, type EventView } from '../../../data/index.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useNow } from '../../../ui/useNow.ts';
import { useLoginHref } from '../../../ui/useRequireLogin.ts';
import { VideoCountdown, VideoFrame, VideoPoster, VideoRetry } from '../../../ui/video/VideoParts.tsx';
import { videoBlockState, webinarFramePath } from '../../../ui/video/video.ts';

type Playing = 'no' | 'checking' | 'yes' | 'unreachable';

export function VideoBlock({ event, loggedIn }: { event: EventView; loggedIn: boolean }) {
  const { t } = useTranslation();
  const now = useNow(CLOCK_TICK_MS);
  const loginHref = useLoginHref();
  const check = useVideoLinkCheck();
  const [playing, setPlaying] = useState<Playing>('no');
  const state = videoBlockState(event, loggedIn, now);

  // The frame opens only once its address answers: a frame whose page cannot be reached shows the
  // browser's broken-page icon, which tells a viewer neither what happened nor what to do.
  const play = () => {
    setPlaying('checking');
    check(webinarFramePath(event.event_id)).then(
      (ok) => setPlaying(ok ? 'yes' : 'unreachable'),
      () => setPlaying('unreachable'),
    );
  };

  if (state.kind === 'play' && playing === 'yes') return <VideoFrame event={event} />;

  let body: ReactNode;
  switch (state.kind) {
    case 'countdown':
      body = <VideoCountdown event={event} remainingMs={state.remainingMs} />;
      break;
    case 'play':
      body =
        playing === 'checking' ? (
          <Spinner label={t('videoFrame.connecting')} block={false} />
        ) : playing === 'unreachable' ? (
          <VideoRetry message={t('videoFrame.unreachable')} retry={t('videoFrame.retry')} onRetry={play} />
        ) : (
          <button type="button" className="video__play" onClick={play}>
            <PlayIcon />
            <span>{t('video.play')}</span>
          </button>
        );
      break;
    case 'login':
      body = (
        <>
          <p className="video__message">{t('video.loginToWatch')}</p>
          <Link className="btn btn--primary" to={loginHref}>
            {t('header.login')}
          </Link>
        </>
      );
      break;
    // The other states are a line of text, which VideoPoster already knows.
  }

  return (
    <VideoPoster event={event} kind={state.kind}>
      {body}
    </VideoPoster>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="currentColor" opacity="0.92" />
      <path d="M19 15.5v17l14-8.5z" fill="#fff" />
    </svg>
  );
}
