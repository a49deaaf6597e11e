import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SPEAKERS_SHOWN, speechTiming, useSchedule, type ScheduleDoc } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../app/useLocale.ts';
import { clockTime } from '../../ui/intl.ts';
import { EventChat } from '../chat/EventChat.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useNow } from '../../ui/useNow.ts';
import { liveEventId } from './access.ts';

export function Speech({ speech, open }: { speech: ScheduleDoc; open: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const now = Math.floor(useNow(30_000) / 1000);
  const timing = speechTiming(speech, now);
  return (
    <details className={`speech speech--${timing}`} open={open} data-testid="speech">
      <summary>
        <span className="speech__time">
          {clockTime(locale, speech.starts_at, speech.timezone)}–{clockTime(locale, speech.ends_at, speech.timezone)}
        </span>{' '}
        <span className="speech__title">{speech.title}</span> <span className="speech__timing muted">{t(`live.timing.${timing}`)}</span>
      </summary>
      {speech.description ? <p className="speech__description">{speech.description}</p> : null}
      <ul className="speech__speakers">
        {speech.speakers.slice(0, SPEAKERS_SHOWN).map((sp) => (
          <li key={sp.user_id}>
            <img src={sp.avatar} alt="" width={28} height={28} />
            <Link to={to(`/profiles/${sp.user_id}`)}>{sp.name}</Link>
          </li>
        ))}
      </ul>
      {speech.presentation_url ? (
        <a href={speech.presentation_url} target="_blank" rel="noopener noreferrer">
          {t('live.presentation')}
        </a>
      ) : (
        <p className="muted">{t('live.noPresentation')}</p>
      )}
    </details>
  );
}

/**
 * The stage section (events.md §2, §4): the programme by day and track, the current speech open.
 * The video and the secondary panel belong to the live page around it (LivePage.tsx), because
 * they stay when the reader moves to the other sections.
 */
export function LiveStage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const eventId = liveEventId(useParams().eventId, pathname);
  const { data, isLoading } = useSchedule(eventId);
  const [day, setDay] = useState<string | null>(null);
  const shownDay = data.days.find((d) => d.date === (day ?? data.current?.day_date)) ?? data.days[0];

  return (
    <section className="live-stage__schedule" aria-label={t('live.schedule')}>
      {isLoading && data.days.length === 0 ? <Spinner label={t('common.loading')} /> : null}
      {!isLoading && data.days.length === 0 ? <p className="muted">{t('live.noSchedule')}</p> : null}
      {data.days.length > 1 ? (
        <div className="live-days" role="group" aria-label={t('live.days')}>
          {data.days.map((d) => (
            <button key={d.date} type="button" aria-pressed={d.date === shownDay?.date} className="btn btn--ghost btn--sm" onClick={() => setDay(d.date)}>
              {d.title || d.date}
            </button>
          ))}
        </div>
      ) : null}
      {shownDay?.tracks.map((track) => (
        <div key={track.id} className="live-track">
          <h3 className="live-track__title">{track.title}</h3>
          {track.speeches.map((s) => (
            <Speech key={s.id} speech={s} open={s.speech_id === data.current?.speech_id} />
          ))}
        </div>
      ))}
    </section>
  );
}

export function LiveChat() {
  const { pathname } = useLocation();
  const eventId = liveEventId(useParams().eventId, pathname);
  return <EventChat eventId={eventId} className="chat--tall" />;
}
