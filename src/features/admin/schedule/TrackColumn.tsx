import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_LIMITS, useAdminActions, type EditorSpeech, type EditorTrack } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { clockTime } from '../../../ui/intl.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { speakerName } from './SpeakersField.tsx';

/**
 * One track of the programme on the chosen day: its title (renamed in place), its place on the
 * stage (moved earlier or later), its speeches by time, and the way to add one. A track that
 * still holds speeches on any day cannot be removed: they would vanish from the stage.
 */
export function TrackColumn({
  eventId,
  track,
  index,
  tracks,
  speeches,
  holdsSpeeches,
  timezone,
  onAdd,
  onEdit,
}: {
  eventId: number;
  track: EditorTrack;
  index: number;
  tracks: EditorTrack[];
  speeches: EditorSpeech[];
  holdsSpeeches: boolean;
  timezone: string;
  onAdd(): void;
  onEdit(speech: EditorSpeech): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const actions = useAdminActions();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(track.title);

  const move = (by: number) => {
    const order = tracks.map((x) => x.ref);
    const [ref] = order.splice(index, 1);
    if (ref === undefined) return;
    order.splice(index + by, 0, ref);
    void actions.orderTracks(eventId, order);
  };
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (!/[\p{L}\p{N}]/u.test(title)) return;
    await actions.renameTrack(eventId, track.ref, title.trim());
    setRenaming(false);
  };
  const remove = (speech: EditorSpeech) => {
    if (window.confirm(t('admin.schedule.removeSpeechConfirm', { title: speech.title }))) void actions.removeSpeech(eventId, speech.ref);
  };

  return (
    <section className="schedule-track" aria-labelledby={`${id}-title`}>
      <header className="schedule-track__head">
        {renaming ? (
          <form className="schedule-track__rename" onSubmit={(e) => void rename(e)} noValidate>
            <label htmlFor={`${id}-rename`} className="visually-hidden">
              {t('admin.schedule.trackName')}
            </label>
            <input id={`${id}-rename`} value={title} maxLength={SCHEDULE_LIMITS.trackTitle} onChange={(e) => setTitle(e.target.value)} />
            <Button size="sm" type="submit" variant="primary">
              {t('admin.schedule.saveTrack')}
            </Button>
          </form>
        ) : null}
        <h3 id={`${id}-title`} className={renaming ? 'visually-hidden' : 'schedule-track__title'}>
          {track.title}
          {track.pending ? <span className="muted small"> · {t('admin.pending')}</span> : null}
        </h3>
        <div className="admin__buttons">
          <Button size="sm" variant="ghost" onClick={() => setRenaming((r) => !r)} aria-label={t('admin.schedule.renameTrack', { track: track.title })}>
            {t('admin.schedule.rename')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            onClick={() => move(-1)}
            aria-label={t('admin.schedule.trackEarlier', { track: track.title })}
          >
            ←
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === tracks.length - 1}
            onClick={() => move(1)}
            aria-label={t('admin.schedule.trackLater', { track: track.title })}
          >
            →
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={holdsSpeeches}
            title={holdsSpeeches ? t('admin.schedule.trackNotEmpty') : undefined}
            onClick={() => void actions.removeTrack(eventId, track.ref)}
            aria-label={t('admin.schedule.removeTrack', { track: track.title })}
          >
            {t('admin.schedule.remove')}
          </Button>
        </div>
      </header>
      {speeches.length === 0 ? <p className="muted small">{t('admin.schedule.noSpeeches')}</p> : null}
      <ol className="schedule-track__speeches">
        {speeches.map((s) => (
          <li key={s.key} className="admin__card schedule-speech">
            <p className="schedule-speech__time">
              {clockTime(locale, s.starts_at, timezone)}–{clockTime(locale, s.ends_at, timezone)}
              {s.pending ? <span className="muted small"> · {t('admin.pending')}</span> : null}
            </p>
            <p className="admin__name">{s.title}</p>
            {s.speakers.length ? <p className="muted small">{s.speakers.map(speakerName).join(', ')}</p> : null}
            <div className="admin__buttons">
              <Button size="sm" onClick={() => onEdit(s)} aria-label={t('admin.schedule.editNamed', { title: s.title })}>
                {t('admin.schedule.edit')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => remove(s)} aria-label={t('admin.schedule.removeNamed', { title: s.title })}>
                {t('admin.schedule.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button size="sm" variant="primary" onClick={onAdd} aria-label={t('admin.schedule.addSpeechTo', { track: track.title })}>
        {t('admin.schedule.addSpeech')}
      </Button>
    </section>
  );
}
