import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSchedule, type ScheduleDoc } from '../../data/index.ts';
import { deviceClock, isoDay, wallClock } from '../../../contract/time.ts';
import { clockTime, dateFormat } from '../../ui/intl.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';

/** The stage's address; with a speech, the stage opens that speech and scrolls to it (LiveStage.tsx). */
export function stagePath(eventId: number, speechId?: number): string {
  return `/events/${eventId}/live-translation/stage${speechId ? `#speech-${speechId}` : ''}`;
}

/** How many running speeches are named; a festival with six halls would push "next" off a phone. */
const LIVE_SHOWN = 3;
/** With `onlyOnAir`, a next speech this close counts as "on air": the day of the event, not a week before. */
const SOON_S = 24 * 3600;

/**
 * "Live now" and "Next" from the event's programme on the device, each a link to that speech on the
 * stage, and a link to the whole programme: the way attendees find the stage (issue 27). The
 * programme of an event the user takes part in is on the device already; any other is asked for,
 * as the stage itself does. Times are on the venue's clock, as on the stage. With `onlyOnAir`, it
 * draws nothing unless something is on or starts within a day.
 */
export function ProgrammeNow({ eventId, className, onlyOnAir = false }: { eventId: number; className?: string; onlyOnAir?: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data } = useSchedule(eventId);
  const { live, next } = data.onAir;
  if (onlyOnAir && live.length === 0 && (!next || next.starts_at - Date.now() / 1000 > SOON_S)) return null;
  return (
    // A plain block, not a landmark: home has one per event, and landmarks of one name would repeat.
    <div className={['on-air', className ?? ''].filter(Boolean).join(' ')} data-testid="programme-now">
      {live.length > 0 || next ? (
        <ul className="on-air__list">
          {live.slice(0, LIVE_SHOWN).map((s) => (
            <li key={s.id}>
              <Link className="on-air__item on-air__item--live" to={to(stagePath(eventId, s.speech_id))} data-testid="live-now">
                <span className="on-air__head">
                  <span className="on-air__label">{t('event.programme.liveNow')}</span> <SpeechMeta speech={s} live />
                </span>
                <span className="on-air__title">{s.title}</span>
              </Link>
            </li>
          ))}
          {next ? (
            <li>
              <Link className="on-air__item" to={to(stagePath(eventId, next.speech_id))} data-testid="next-talk">
                <span className="on-air__head">
                  <span className="on-air__label">{t('event.programme.next')}</span> <SpeechMeta speech={next} live={false} />
                </span>
                <span className="on-air__title">{next.title}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
      <Link className="on-air__all" to={to(stagePath(eventId))} data-testid="programme-link">
        {t('event.programme.open')}
      </Link>
    </div>
  );
}

function SpeechMeta({ speech, live }: { speech: ScheduleDoc; live: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const zone = speech.timezone || undefined;
  const today = dayKey(Date.now() / 1000, zone);
  // A next speech on another day says which day; today's only its time.
  const day =
    !live && dayKey(speech.starts_at, zone) !== today
      ? `${dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', ...(zone ? { timeZone: zone } : {}) }).format(speech.starts_at * 1000)}, `
      : '';
  const time = live ? t('event.programme.until', { time: clockTime(locale, speech.ends_at, zone) }) : `${day}${clockTime(locale, speech.starts_at, zone)}`;
  return <span className="on-air__meta">{speech.track_title ? `${time} · ${speech.track_title}` : time}</span>;
}

function dayKey(unixSeconds: number, zone: string | undefined): string {
  return isoDay(zone ? wallClock(unixSeconds * 1000, zone) : deviceClock(unixSeconds * 1000));
}
