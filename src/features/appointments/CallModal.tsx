import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_EXTEND_MINUTES } from '../../../contract/appointments.ts';
import { CLOCK_TICK_MS, VIDEO_ASPECT_RATIO, VIDEO_RECHECK_MS } from '../../../contract/constants.ts';
import { useAppointment, useMeetingVideoLink, useProfile, type AppointmentItem } from '../../data/index.ts';
import { useNow } from '../../ui/useNow.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { countdownParts, formatClock } from '../../ui/format/events.ts';
import { VIDEO_FRAME_ALLOW } from '../../ui/video/video.ts';
import { AGENDA_KEYS, agendaPeriod, agendaShares, callPhase, nextVideoCheckMs, type CallPhase } from './call.ts';
import { Modal } from '../../ui/Modal.tsx';
import { meetingWhen, personName } from '../../ui/format/appointments.ts';
import { placeLabel } from './place-label.ts';
import { useChatUi } from '../../ui/chat-ui.ts';
import { SocialLinksRow } from '../../ui/people/SocialLinks.tsx';

/**
 * The contact (call) modal (networking.md §2, §4): the video frame of an online meeting, the
 * timeline with the agenda, a countdown before and during, local extensions, the finished message,
 * and the other person's card with their phone when they show it.
 */
export function CallModal({ meetingId, onClose, onInvite }: { meetingId: number; onClose(): void; onInvite(meetingId: number): void }) {
  const { t } = useTranslation();
  const { data: item, isLoading } = useAppointment(meetingId);
  const name = item ? item.user_info.first_name || personName(item.user_info, t('appointments.someone')) : '';
  return (
    <Modal open onClose={onClose} width={940} className="call-modal" title={t('appointments.call.title', { name })}>
      {item ? <CallBody item={item} onInvite={onInvite} /> : null}
      {!item && isLoading ? <Spinner label={t('common.loading')} /> : null}
      {!item && !isLoading ? <p>{t('errors.appointment_not_found')}</p> : null}
    </Modal>
  );
}

function CallBody({ item, onInvite }: { item: AppointmentItem; onInvite(meetingId: number): void }) {
  const { t } = useTranslation();
  const chat = useChatUi();
  const now = useNow(CLOCK_TICK_MS);
  const [extensionMs, setExtensionMs] = useState(0);
  const startMs = item.time_start * 1000;
  const endMs = (item.time_end || item.time_start + 15 * 60) * 1000;
  const phase = item.time_start ? callPhase(now, startMs, endMs, extensionMs) : null;
  const phone = item.user_info.phone;
  // Others can join only an accepted meeting that is not over (the server checks the same).
  const canInvite = item.state === 'accepted' && item.meeting_id > 0 && phase?.kind !== 'after';

  return (
    <div className="call">
      <div className="call__main">
        {item.is_online ? (
          <CallVideo item={item} phase={phase} startMs={startMs} now={now} />
        ) : (
          <p className="call__place">{t('appointments.call.inPerson', { where: placeLabel(item, t) || t('appointments.item.placeLater') })}</p>
        )}
        {phase ? <Timeline phase={phase} extensionMs={extensionMs} /> : null}
        {phase && phase.kind !== 'after' ? (
          // biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not form fields: a fieldset would need a legend and reset styles
          <div className="call__extend" role="group" aria-label={t('appointments.call.extendLabel')}>
            {APPOINTMENT_EXTEND_MINUTES.map((m) => (
              <Button key={m} size="sm" onClick={() => setExtensionMs((x) => x + m * 60_000)}>
                {t('appointments.call.extend', { n: m })}
              </Button>
            ))}
            {extensionMs > 0 ? <span className="muted">{t('appointments.call.extended', { n: Math.round(extensionMs / 60_000) })}</span> : null}
          </div>
        ) : null}
      </div>
      <aside className="call__side">
        <div className="call__person">
          <img className="call__avatar" src={item.user_info.avatar} alt="" width={56} height={56} />
          <div>
            <p className="call__name">{personName(item.user_info, t('appointments.someone'))}</p>
            {item.user_info.position || item.user_info.company ? (
              <p className="muted">{[item.user_info.position, item.user_info.company].filter(Boolean).join(', ')}</p>
            ) : null}
            {phone ? (
              <p>
                <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
              </p>
            ) : null}
          </div>
        </div>
        <CallPersonSocial userId={item.other_user_id} />
        <p className="muted">{meetingWhen(item)}</p>
        {canInvite ? (
          <Button size="sm" onClick={() => onInvite(item.meeting_id)}>
            {t('appointments.invite.open')}
          </Button>
        ) : null}
        {chat ? (
          <section className="call__chat" aria-label={t('appointments.call.chat')}>
            <h3>{t('appointments.call.chat')}</h3>
            {/* The conversation itself, inside the modal (networking.md §2 "chat section"). */}
            <chat.Conversation otherUserId={item.other_user_id} />
          </section>
        ) : null}
      </aside>
    </div>
  );
}

function Timeline({ phase, extensionMs }: { phase: CallPhase; extensionMs: number }) {
  const { t } = useTranslation();
  const shares = agendaShares(extensionMs);
  const period = phase.kind === 'during' ? agendaPeriod(phase.elapsedMs, extensionMs) : null;
  const current = period ? (period.index ?? AGENDA_KEYS.length) : -1;
  const nowKey = period && period.index !== null ? AGENDA_KEYS[period.index] : undefined;
  return (
    <div className="timeline">
      {phase.kind === 'before' ? (
        <p className="timeline__count" role="timer">
          {t('appointments.call.startsIn')} <strong>{clock(phase.remainingMs)}</strong>
        </p>
      ) : null}
      {phase.kind === 'during' ? (
        <p className="timeline__count" role="timer">
          {t('appointments.call.endsIn')} <strong>{clock(phase.remainingMs)}</strong>
          {' · '}
          {nowKey ? t(`appointments.call.agenda.${nowKey}`) : t('appointments.call.agenda.extra')}
        </p>
      ) : null}
      {phase.kind === 'after' ? (
        <p className="timeline__count" role="status">
          {t('appointments.call.finished')}
        </p>
      ) : null}
      <ol className="timeline__bar" aria-label={t('appointments.call.timeline')}>
        {shares.map((share, i) => {
          const agendaKey = AGENDA_KEYS[i];
          const key = agendaKey ? `appointments.call.agenda.${agendaKey}` : 'appointments.call.agenda.extra';
          const state = phase.kind === 'after' || i < current ? 'done' : i === current ? 'now' : 'next';
          return (
            <li key={key} className={`timeline__part timeline__part--${state}`} style={{ flexGrow: share }} aria-current={state === 'now' ? 'step' : undefined}>
              <span>{t(key)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function clock(ms: number): string {
  const parts = countdownParts(ms);
  return parts.days > 0 ? `${parts.days}:${formatClock(parts)}` : formatClock(parts);
}

type VideoState = { kind: 'waiting' } | { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed'; code: string };

/**
 * The video starts only near the start (networking.md §4): the modal looks every 5 s until 3 s
 * before, then asks the server for the room; a failure is retried every 5 s while the meeting
 * lasts. After the end nothing is loaded and the finished message shows.
 */
function CallVideo({ item, phase, startMs, now }: { item: AppointmentItem; phase: CallPhase | null; startMs: number; now: number }) {
  const { t } = useTranslation();
  const videoLink = useMeetingVideoLink();
  const [state, setState] = useState<VideoState>({ kind: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  const finished = phase?.kind === 'after';
  const accepted = item.state === 'accepted' && item.meeting_id > 0;
  const due = accepted && !finished && nextVideoCheckMs(now, startMs) === 0;
  const ready = state.kind === 'ready';

  useEffect(() => {
    if (!due || ready) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    videoLink(item.meeting_id, controller.signal)
      .then((url) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', url });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: 'failed', code: err instanceof Error ? err.message : 'unknown_error' });
      });
    return () => controller.abort();
    // A new attempt starts from `attempt`; of the state only "ready" matters, not every change.
  }, [due, ready, attempt, item.meeting_id, videoLink]);

  useEffect(() => {
    if (state.kind !== 'failed') return;
    const timer = setTimeout(() => setAttempt((a) => a + 1), VIDEO_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const style = { aspectRatio: String(VIDEO_ASPECT_RATIO) };
  if (finished) {
    return (
      <div className="video call__video" style={style}>
        <div className="video__overlay">
          <p className="video__message">{t('appointments.call.finished')}</p>
        </div>
      </div>
    );
  }
  if (state.kind === 'ready') {
    return (
      <div className="video call__video" style={style}>
        <iframe
          className="video__frame"
          src={state.url}
          title={t('appointments.call.frameTitle', { name: item.user_info.first_name })}
          allow={VIDEO_FRAME_ALLOW}
          allowFullScreen
          referrerPolicy="no-referrer"
        />
      </div>
    );
  }
  let message: string;
  if (!accepted) message = t('appointments.call.notAccepted');
  else if (state.kind === 'failed') message = `${t(`errors.${state.code}`, { defaultValue: t('errors.unknown_error') })} ${t('appointments.call.retrying')}`;
  else if (state.kind === 'loading') message = t('appointments.call.videoLoading');
  else message = t('appointments.call.videoWaiting');
  return (
    <div className="video call__video" style={style}>
      <div className="video__overlay">
        <p className="video__message" role="status">
          {message}
        </p>
      </div>
    </div>
  );
}

/** The other person's social links, as the device holds their visitor card (networking.md §2). */
function CallPersonSocial({ userId }: { userId: number }) {
  const { data } = useProfile(userId);
  if (data.kind !== 'other') return null;
  return (
    <dl className="call__social">
      <SocialLinksRow social={data.person.social} />
    </dl>
  );
}
