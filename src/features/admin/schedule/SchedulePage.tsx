import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateOf } from '../../../../contract/appointments.ts';
import { eventDates, SCHEDULE_LIMITS, useAdminActions, useAdminSchedule, type AdminScheduleView, type EditorSpeech } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TabList } from '../../../ui/Tabs.tsx';
import { dateFormat } from '../../../ui/intl.ts';
import { useAdminEventContext } from '../AdminEventLayout.tsx';
import { NameForm } from '../NameForm.tsx';
import { Refusals } from '../Refusals.tsx';
import { SpeechForm } from './SpeechForm.tsx';
import { TrackColumn } from './TrackColumn.tsx';
import { Field } from '../../../ui/form/Field.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import './schedule.css';

/** A calendar date of the event ("Tue, 14 Mar"), read as a date, not moved into the device's zone. */
function dayLabel(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d, 12));
}

/**
 * /{locale}/admin/events/:eventId/schedule — the programme: the event's days (each with an
 * optional title), its tracks in stage order and each day's speeches per track. Every change is a
 * command, queued offline like any other, and reaches the live stage on every device through the
 * schedule feed; the specs' schedule call answers with it at once.
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation();
  const { eventId, item } = useAdminEventContext();
  const { data, isLoading } = useAdminSchedule(eventId);
  const tz = item.fields.timezone;
  const dates = useMemo(() => {
    const all = new Set(eventDates(item.fields.starts_at, item.fields.ends_at, tz));
    for (const d of data?.days ?? []) all.add(d.date);
    for (const s of data?.speeches ?? []) all.add(localDateOf(s.starts_at, tz));
    return [...all].sort();
  }, [item.fields.starts_at, item.fields.ends_at, tz, data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen && dates.includes(chosen) ? chosen : (dates[0] ?? '');
  const [editing, setEditing] = useState<{ speech: EditorSpeech | null; trackKey: string } | null>(null);
  const panelId = useId();

  if (isLoading || !data) return <Spinner label={t('common.loading')} />;
  return (
    <AdminPanel id={`${panelId}-title`} className="admin-section" title={t('admin.nav.schedule')}>
      <p className="muted">{t('admin.schedule.lead')}</p>
      <Refusals items={data.refused} />
      {dates.length > 1 ? (
        <TabList<string>
          tabs={dates.map((d) => ({ id: d, label: dayLabel(d, i18n.language), count: data.speeches.filter((s) => localDateOf(s.starts_at, tz) === d).length }))}
          value={day}
          onChange={setChosen}
          label={t('admin.schedule.days')}
          panelId={panelId}
          idPrefix={panelId}
        />
      ) : null}
      <div id={panelId} {...(dates.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${panelId}-tab-${day}` } : {})}>
        <DayTitle
          key={day}
          eventId={eventId}
          date={day}
          label={dayLabel(day, i18n.language)}
          view={data}
          holdsSpeeches={data.speeches.some((s) => localDateOf(s.starts_at, tz) === day)}
        />
        {data.tracks.length === 0 ? (
          <EmptyState compact title={t('admin.schedule.noTracks')} text={t('admin.schedule.noTracksText')} />
        ) : (
          <div className="schedule-editor__tracks">
            {data.tracks.map((track, i) => (
              <TrackColumn
                key={track.key}
                eventId={eventId}
                track={track}
                index={i}
                tracks={data.tracks}
                speeches={data.speeches.filter((s) => s.trackKey === track.key && localDateOf(s.starts_at, tz) === day)}
                holdsSpeeches={data.speeches.some((s) => s.trackKey === track.key)}
                timezone={tz}
                onAdd={() => setEditing({ speech: null, trackKey: track.key })}
                onEdit={(speech) => setEditing({ speech, trackKey: speech.trackKey })}
              />
            ))}
          </div>
        )}
        <AddTrack eventId={eventId} />
      </div>
      {editing ? (
        <SpeechForm
          eventId={eventId}
          event={{ starts_at: item.fields.starts_at, ends_at: item.fields.ends_at, timezone: tz }}
          dates={dates}
          tracks={data.tracks}
          speeches={data.speeches}
          speech={editing.speech}
          trackKey={editing.trackKey}
          date={day}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </AdminPanel>
  );
}

/** The chosen day's title ("Workshops"), saved on its own; a declared day without speeches can go. */
function DayTitle({
  eventId,
  date,
  label,
  view,
  holdsSpeeches,
}: {
  eventId: number;
  date: string;
  label: string;
  view: AdminScheduleView;
  holdsSpeeches: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useAdminActions();
  const declared = view.days.find((d) => d.date === date);
  const [title, setTitle] = useState(declared?.title ?? '');
  const [saved, setSaved] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    await actions.setDay(eventId, date, title.trim());
    setSaved(true);
  };
  return (
    <form className="schedule-day admin__add" onSubmit={(e) => void save(e)} noValidate>
      <Field id={id} label={t('admin.schedule.dayTitle', { day: label })}>
        <input
          value={title}
          maxLength={SCHEDULE_LIMITS.dayTitle}
          placeholder={t('admin.schedule.dayTitlePlaceholder')}
          onChange={(e) => {
            setTitle(e.target.value);
            setSaved(false);
          }}
        />
      </Field>
      <Button type="submit">{t('admin.schedule.saveDay')}</Button>
      {declared && !holdsSpeeches ? (
        <Button variant="ghost" onClick={() => void actions.removeDay(eventId, date)}>
          {t('admin.schedule.clearDay')}
        </Button>
      ) : null}
      {saved ? (
        <p role="status" className="muted">
          {declared?.pending ? t('admin.queued') : t('admin.schedule.daySaved')}
        </p>
      ) : null}
    </form>
  );
}

function AddTrack({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const actions = useAdminActions();
  return (
    <NameForm
      className="schedule-add-track"
      label={t('admin.schedule.newTrack')}
      submit={t('admin.schedule.addTrack')}
      maxLength={SCHEDULE_LIMITS.trackTitle}
      onAdd={(title) => actions.addTrack(eventId, title)}
    />
  );
}
