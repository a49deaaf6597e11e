import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateOf, localTimeOf, zonedToUnix } from '../../../../contract/appointments.ts';
import {
  checkSpeechFields,
  overlapsAny,
  SCHEDULE_LIMITS,
  speakerInputs,
  SPEECH_FIELD_ORDER,
  useAdminActions,
  type EditorSpeaker,
  type EditorSpeech,
  type EditorTrack,
  type SpeechFields,
  type SpeechProblems,
} from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Field, UrlField } from '../Field.tsx';
import { SpeakersField } from './SpeakersField.tsx';

export interface SpeechFormProps {
  eventId: number;
  event: { starts_at: number; ends_at: number; timezone: string };
  dates: string[];
  tracks: EditorTrack[];
  /** Every speech of the programme, for the overlap check. */
  speeches: EditorSpeech[];
  /** The speech edited, or null for a new one in `trackKey` on `date`. */
  speech: EditorSpeech | null;
  trackKey: string;
  date: string;
  onClose(): void;
}

interface Draft {
  title: string;
  trackKey: string;
  date: string;
  from: string;
  to: string;
  description: string;
  presentation_url: string;
  speakers: EditorSpeaker[];
}

function initialDraft(p: SpeechFormProps): Draft {
  const tz = p.event.timezone;
  if (p.speech) {
    return {
      title: p.speech.title,
      trackKey: p.speech.trackKey,
      date: localDateOf(p.speech.starts_at, tz),
      from: localTimeOf(p.speech.starts_at, tz),
      to: localTimeOf(p.speech.ends_at, tz),
      description: p.speech.description,
      presentation_url: p.speech.presentation_url,
      speakers: p.speech.speakers,
    };
  }
  // A new speech starts where the track's last one of the day ends, or at the event's opening.
  const sameDay = p.speeches.filter((s) => s.trackKey === p.trackKey && localDateOf(s.starts_at, tz) === p.date);
  const after = sameDay.length ? Math.max(...sameDay.map((s) => s.ends_at)) : null;
  const from = after !== null ? localTimeOf(after, tz) : p.date === localDateOf(p.event.starts_at, tz) ? localTimeOf(p.event.starts_at, tz) : '10:00';
  const [h, m] = from.split(':').map(Number) as [number, number];
  const end = Math.min(h * 60 + m + 45, 23 * 60 + 59);
  const to = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  return { title: '', trackKey: p.trackKey, date: p.date, from, to, description: '', presentation_url: '', speakers: [] };
}

/**
 * A speech, new or edited: what it is, in which track, when (the venue's wall clock), its link and
 * its speakers. Each problem shows next to its field before anything is queued, the overlap with
 * another speech of the same track included; the server checks the same again.
 */
export function SpeechForm(props: SpeechFormProps) {
  const { eventId, event, dates, tracks, speeches, speech, onClose } = props;
  const { t } = useTranslation();
  const idp = useId().replace(/:/g, '');
  const actions = useAdminActions();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(props));
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, v: Draft[K]) => setDraft((d) => ({ ...d, [key]: v }));

  const track = tracks.find((x) => x.key === draft.trackKey) ?? tracks[0];
  const fields: SpeechFields | null = useMemo(() => {
    if (!track) return null;
    const at = (time: string) => {
      try {
        return zonedToUnix(draft.date, time, event.timezone);
      } catch {
        return 0;
      }
    };
    return {
      track: track.ref,
      title: draft.title,
      description: draft.description,
      starts_at: at(draft.from),
      ends_at: at(draft.to),
      presentation_url: draft.presentation_url,
      speakers: speakerInputs(draft.speakers),
    };
  }, [draft, track, event.timezone]);
  const problems: SpeechProblems = useMemo(() => {
    if (!fields || !track) return {};
    const out = checkSpeechFields(fields, event);
    if (!out.starts_at && !out.ends_at) {
      const others = speeches.filter((s) => s.trackKey === track.key).map((s) => ({ key: s.key, starts_at: s.starts_at, ends_at: s.ends_at }));
      if (overlapsAny(fields.starts_at, fields.ends_at, others, speech?.key)) out.starts_at = 'overlap';
    }
    return out;
  }, [fields, track, event, speeches, speech]);
  const shown = show ? problems : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const first = SPEECH_FIELD_ORDER.find((k) => problems[k]);
    if (first || !fields) {
      setShow(true);
      document.getElementById(`${idp}-${first === 'ends_at' ? 'to' : first === 'starts_at' ? 'from' : first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await actions.saveSpeech(eventId, speech ? speech.ref : null, fields);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const formId = `${idp}-form`;
  return (
    <Modal
      open
      onClose={onClose}
      width={720}
      title={speech ? t('admin.schedule.editSpeech') : t('admin.schedule.newSpeech')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form={formId} variant="primary" busy={busy}>
            {t('admin.schedule.saveSpeech')}
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-form admin" noValidate onSubmit={(e) => void submit(e)}>
        <Field id={`${idp}-title`} label={t('admin.schedule.title')} problem={shown.title}>
          <input value={draft.title} maxLength={SCHEDULE_LIMITS.title} onChange={(e) => set('title', e.target.value)} />
        </Field>
        <div className="admin-form__pair">
          <Field id={`${idp}-track`} label={t('admin.schedule.track')} problem={shown.track}>
            <select value={track?.key ?? ''} onChange={(e) => set('trackKey', e.target.value)}>
              {tracks.map((x) => (
                <option key={x.key} value={x.key}>
                  {x.title}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${idp}-date`} label={t('admin.schedule.day')}>
            <select value={draft.date} onChange={(e) => set('date', e.target.value)}>
              {dates.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="admin-form__pair">
          <Field id={`${idp}-from`} label={t('admin.schedule.from')} problem={shown.starts_at} hint={t('admin.schedule.timeHint', { zone: event.timezone })}>
            <input type="time" value={draft.from} onChange={(e) => set('from', e.target.value)} />
          </Field>
          <Field id={`${idp}-to`} label={t('admin.schedule.to')} problem={shown.ends_at}>
            <input type="time" value={draft.to} onChange={(e) => set('to', e.target.value)} />
          </Field>
        </div>
        <Field id={`${idp}-description`} label={t('admin.schedule.description')} problem={shown.description}>
          <textarea rows={4} value={draft.description} maxLength={SCHEDULE_LIMITS.description} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <UrlField
          id={`${idp}-presentation_url`}
          label={t('admin.schedule.link')}
          problem={shown.presentation_url}
          value={draft.presentation_url}
          max={SCHEDULE_LIMITS.url}
          onChange={(v) => set('presentation_url', v)}
        />
        <SpeakersField eventId={eventId} value={draft.speakers} onChange={(list) => set('speakers', list)} problem={shown.speakers} />
      </form>
    </Modal>
  );
}
