import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS } from '../../../../contract/constants.ts';
import type { EventView } from '../../../data/index.ts';
import { useNow } from '../../../ui/useNow.ts';
import { useLoginHref } from '../../auth/useRequireLogin.ts';
import { videoBlockState } from './video.ts';
import { VideoCountdown, VideoFrame, VideoPoster } from './VideoParts.tsx';

export function VideoBlock({ event, loggedIn }: { event: EventView; loggedIn: boolean }) {
  const { t } = useTranslation();
  const now = useNow(CLOCK_TICK_MS);
  const loginHref = useLoginHref();
  const [playing, setPlaying] = useState(false);
  const state = videoBlockState(event, loggedIn, now);

  if (state.kind === 'play' && playing) return <VideoFrame event={event} />;

  let body: ReactNode;
  switch (state.kind) {
    case 'countdown':
      body = <VideoCountdown event={event} remainingMs={state.remainingMs} />;
      break;
    case 'play':
      body = (
        <button type="button" className="video__play" onClick={() => setPlaying(true)}>
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
