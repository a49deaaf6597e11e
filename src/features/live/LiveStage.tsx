import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SPEAKERS_SHOWN, speechTiming, useSchedule, type ScheduleDoc } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { clockTime, dateFormat } from '../../ui/intl.ts';
import { useWidgets } from '../../ui/widgets.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { scrollToElement } from '../../ui/scroll.ts';
import { useNow } from '../../ui/useNow.ts';
import { liveEventId } from './access.ts';
import { SpeechStar } from './SpeechStar.tsx';

/** `anchor`: the programme's own copy, which links (`#speech-<id>`) and "Now" scroll to; the side panel's repeats it without. */
export function Speech({ speech, open, anchor = false }: { speech: ScheduleDoc; open: boolean; anchor?: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const now = Math.floor(useNow(30_000) / 1000);
  const timing = speechTiming(speech, now);
  return (
    // The star sits beside the speech, not in its summary: a button inside <summary> is a control in a control.
    <div className="speech-row" id={anchor ? `speech-${speech.speech_id}` : undefined}>
      <details className={`speech speech--${timing}`} open={open} data-testid="speech">
        <summary>
          <span className="speech__time">
            {clockTime(locale, speech.starts_at, speech.timezone)}–{clockTime(locale, speech.ends_at, speech.timezone)}
          </span>{' '}
          <span className="speech__title">{speech.title}</span> <span className="speech__timing muted">{t(`live.timing.${timing}`)}</span>
        </summary>
        {speech.description ? <p className="speech__description">{speech.description}</p> : null}
        <ul className="speech__speakers">
          {speech.speakers.slice(0, SPEAKERS_SHOWN).map((sp, i) => (
            // A guest the organisers named has no Foyer profile (user_id 0) and maybe no picture.
            <li key={sp.user_id || `guest-${i}`}>
              {sp.avatar ? <img src={sp.avatar} alt="" width={28} height={28} /> : null}
              {sp.user_id ? <Link to={to(`/profiles/${sp.user_id}`)}>{sp.name}</Link> : <span>{sp.name}</span>}
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
      <SpeechStar eventId={speech.event_id} speechId={speech.speech_id} title={speech.title} />
    </div>
  );
}

/**
 * A programme day's calendar date ("Tue, 14 Mar"), said on its tab: the organiser's title ("Day 2")
 * alone does not tell which day that is. The date is the event's own calendar day, so it is read as
 * a date, not converted to the device's zone.
 */
function dayDate(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d, 12));
}

/** The speech a link to the stage names (ProgrammeNow.tsx: `#speech-<id>`), or null. */
export function speechOfHash(hash: string): number | null {
  const m = /^#speech-([1-9]\d{0,9})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

/**
 * The stage section (events.md §2, §4): the programme by day and track, the current speech open.
 * The video and the secondary panel belong to the live page around it (LivePage.tsx), because
 * they stay when the reader moves to the other sections. "Now" brings the current speech into view
 * (and its day, and all tracks, if another was picked); a link naming a speech does the same for it.
 */
export function LiveStage() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const eventId = liveEventId(useParams().eventId, pathname);
  const { data, isLoading } = useSchedule(eventId);
  const locale = useLocale();
  const linked = speechOfHash(hash);
  const [day, setDay] = useState<string | null>(null);
  const [track, setTrack] = useState<number | null>(null);
  const [scrollTarget, setScrollTarget] = useState<number | null>(linked);
  const all = data.days.flatMap((d) => d.tracks.flatMap((tr) => tr.speeches));
  const linkedDoc = linked ? all.find((s) => s.speech_id === linked) : undefined;
  const shownDay = data.days.find((d) => d.date === (day ?? linkedDoc?.day_date ?? data.current?.day_date)) ?? data.days[0];
  const dayTracks = shownDay?.tracks ?? [];
  const tracks = track !== null && dayTracks.some((tr) => tr.id === track) ? dayTracks.filter((tr) => tr.id === track) : dayTracks;
  // Only while something is on or still to come: after the last speech "now" would lead to the first.
  const nowSpeech = data.onAir.live[0] ?? (data.onAir.next ? data.current : null);

  useEffect(() => {
    if (scrollTarget === null) return;
    const row = document.getElementById(`speech-${scrollTarget}`);
    // Not drawn yet (the programme is still coming from the database): tried again when it is.
    if (!row) return;
    // The specs' −96 px over 500 ms (src/ui/scroll.ts), which also leaves the row clear of the header.
    scrollToElement(row);
    row.querySelector('summary')?.focus({ preventScroll: true });
    setScrollTarget(null);
  }, [scrollTarget, shownDay, tracks]);

  const goNow = () => {
    if (!nowSpeech) return;
    setDay(nowSpeech.day_date);
    if (track !== null && track !== nowSpeech.track_id) setTrack(null);
    setScrollTarget(nowSpeech.speech_id);
  };

  return (
    <section className="live-stage__schedule" aria-label={t('live.schedule')}>
      {isLoading && data.days.length === 0 ? <Spinner label={t('common.loading')} /> : null}
      {!isLoading && data.days.length === 0 ? <p className="muted">{t('live.noSchedule')}</p> : null}
      {nowSpeech ? (
        <div className="live-stage__tools">
          <button type="button" className="btn btn--primary btn--sm live-stage__now" onClick={goNow} data-testid="stage-now">
            {t('live.now')}
          </button>
        </div>
      ) : null}
      {data.days.length > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of day buttons, not form fields
        <div className="live-days" role="group" aria-label={t('live.days')}>
          {data.days.map((d) => (
            <button
              key={d.date}
              type="button"
              aria-pressed={d.date === shownDay?.date}
              className="btn btn--ghost btn--sm live-days__day"
              onClick={() => setDay(d.date)}
            >
              {d.title ? <span className="live-days__title">{d.title}</span> : null}
              <span className="live-days__date">{dayDate(d.date, locale)}</span>
            </button>
          ))}
        </div>
      ) : null}
      {dayTracks.length > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of filter buttons, not form fields
        <div className="live-tracks" role="group" aria-label={t('live.tracks')}>
          <button type="button" aria-pressed={tracks.length === dayTracks.length} className="chip" onClick={() => setTrack(null)}>
            {t('live.allTracks')}
          </button>
          {dayTracks.map((tr) => (
            <button key={tr.id} type="button" aria-pressed={tracks.length === 1 && tracks[0]?.id === tr.id} className="chip" onClick={() => setTrack(tr.id)}>
              {tr.title}
            </button>
          ))}
        </div>
      ) : null}
      {tracks.map((tr) => (
        <div key={tr.id} className="live-track">
          <h3 className="live-track__title">{tr.title}</h3>
          {tr.speeches.map((s) => (
            <Speech key={s.id} speech={s} anchor open={s.speech_id === data.current?.speech_id || s.speech_id === linked} />
          ))}
        </div>
      ))}
    </section>
  );
}

export function LiveChat() {
  const { EventChat } = useWidgets();
  const { pathname } = useLocation();
  const eventId = liveEventId(useParams().eventId, pathname);
  return <EventChat eventId={eventId} className="chat--tall" />;
}
