import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS, VIDEO_ASPECT_RATIO } from '../../../../contract/constants.ts';
import type { EventView } from '../../../data/index.ts';
import { useNow } from '../../../ui/useNow.ts';
import { useLoginHref } from '../../auth/useRequireLogin.ts';
import { countdownParts, formatClock, formatEventStart } from '../format.ts';
import { VIDEO_FRAME_ALLOW, videoBlockState, webinarFramePath } from './video.ts';

export function VideoBlock({ event, loggedIn }: { event: EventView; loggedIn: boolean }) {
  const { t } = useTranslation();
  const now = useNow(CLOCK_TICK_MS);
  const loginHref = useLoginHref();
  const [playing, setPlaying] = useState(false);
  const state = videoBlockState(event, loggedIn, now);
  const style = { aspectRatio: String(VIDEO_ASPECT_RATIO) };

  if (state.kind === 'play' && playing) {
    return (
      <div className="video" style={style}>
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

  let body;
  switch (state.kind) {
    case 'countdown': {
      const parts = countdownParts(state.remainingMs);
      body = (
        <>
          <p className="video__label">{t('video.startsIn')}</p>
          {/* role=timer is not announced on every tick; the start time below is what a screen reader needs. */}
          <p className="video__countdown" role="timer">
            {parts.days > 0 ? <span className="video__days">{t('video.days', { n: parts.days })}</span> : null}
            <span className="video__clock">{formatClock(parts)}</span>
          </p>
          <p className="video__note">{t('video.appearsAtStart', { time: formatEventStart(event.when, event.timezone) })}</p>
        </>
      );
      break;
    }
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
    case 'ticket':
      body = <p className="video__message">{t('video.ticketRequired')}</p>;
      break;
    case 'checkin':
      body = <p className="video__message">{t('video.checkinToWatch')}</p>;
      break;
    case 'onsite':
      body = <p className="video__message">{t('video.onsite')}</p>;
      break;
    case 'unavailable':
      body = <p className="video__message">{t('video.unavailable')}</p>;
      break;
    case 'finished':
      body = <p className="video__message">{t('video.finished')}</p>;
      break;
  }

  return (
    <div className={`video video--${state.kind}`} style={{ ...style, backgroundImage: `url("${event.poster_big.replace(/"/g, "%22")}")` }}>
      <div className="video__overlay">{body}</div>
    </div>
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
