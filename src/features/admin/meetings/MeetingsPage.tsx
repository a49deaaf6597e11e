import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bookedOf,
  checkMeetingSettings,
  eventDates,
  MEETING_LIMITS,
  meetingsOutside,
  useAdminActions,
  useAdminMeetings,
  type AdminMeetingsData,
  type MeetingSettingsFields,
  type OutsideChoice,
} from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useAdminEventContext } from '../AdminEventLayout.tsx';
import { ClashNotice } from '../ClashNotice.tsx';
import { Field } from '../Field.tsx';
import { CategoriesSection } from './CategoriesSection.tsx';
import { OutsideMeetings } from './OutsideMeetings.tsx';
import { PlacesField } from './PlacesField.tsx';
import { MeetingRefusals } from './MeetingRefusals.tsx';
import { WindowsField } from './WindowsField.tsx';
import './meetings.css';

/**
 * /{locale}/admin/events/:eventId/meetings — when one-to-one meetings may be booked (days and
 * hours, slot length), where (numbered tables, places and the tables each holds) and the visitor
 * categories of the visitors filter. Saving a change that leaves booked meetings outside first
 * shows them and asks: keep them as booked, or cancel them (both people are told).
 */
export function MeetingsPage() {
  const { t } = useTranslation();
  const { eventId } = useAdminEventContext();
  const { data, isLoading } = useAdminMeetings(eventId);
  if (isLoading || !data) return <Spinner label={t('common.loading')} />;
  return (
    <div className="admin-section admin-section--narrow">
      <h2 className="admin__h2">{t('admin.nav.meetings')}</h2>
      <p className="muted">{t('admin.meetings.lead')}</p>
      <MeetingRefusals eventId={eventId} items={data.view.refused} />
      <SettingsForm eventId={eventId} data={data} />
      <CategoriesSection key={JSON.stringify(data.view.categories)} eventId={eventId} categories={data.view.categories} pending={data.view.categoriesPending} />
    </div>
  );
}

function SettingsForm({ eventId, data }: { eventId: number; data: AdminMeetingsData }) {
  const { t } = useTranslation();
  const idp = useId().replace(/:/g, '');
  const { item } = useAdminEventContext();
  const actions = useAdminActions();
  const current = data.view.settings;
  // What the form started from; while nothing is touched the form follows the device's copy.
  const [base, setBase] = useState<MeetingSettingsFields>(current);
  const [edited, setEdited] = useState<MeetingSettingsFields | null>(null);
  const value = edited ?? current;
  const clash = edited !== null && JSON.stringify(base) !== JSON.stringify(current);
  const [show, setShow] = useState(false);
  const [choice, setChoice] = useState<OutsideChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const tz = item.fields.timezone;
  const dates = useMemo(() => eventDates(item.fields.starts_at, item.fields.ends_at, tz), [item.fields.starts_at, item.fields.ends_at, tz]);
  const problems = useMemo(() => checkMeetingSettings(value, dates), [value, dates]);
  const outside = useMemo(() => {
    if (!data.booked || Object.keys(problems).length) return [];
    const reasons = new Map(meetingsOutside(value, tz, data.booked.items.map(bookedOf)).map((o) => [o.id, o.reason]));
    return data.booked.items.flatMap((m) => {
      const reason = reasons.get(m.id);
      return reason === undefined ? [] : [{ item: m, reason }];
    });
  }, [data.booked, value, tz, problems]);
  const change = (next: MeetingSettingsFields) => {
    if (edited === null) setBase(current);
    setEdited(next);
  };
  const takeTheirs = () => {
    setEdited(null);
    setBase(current);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.keys(problems).length) {
      setShow(true);
      return;
    }
    if (outside.length > 0 && !choice) {
      setShow(true);
      document.getElementById(`${idp}-outside`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await actions.saveMeetingSettings(eventId, value, outside.length > 0 && choice ? choice : 'refuse');
      setEdited(null);
      setChoice(null);
      setShow(false);
    } finally {
      setBusy(false);
    }
  };

  const shown = show ? problems : {};
  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
      {clash ? <ClashNotice text={t('admin.meetings.clash')} onTakeTheirs={takeTheirs} /> : null}
      <fieldset className="admin-form__section">
        <legend>{t('admin.meetings.when')}</legend>
        <Field id={`${idp}-slot`} label={t('admin.meetings.slot')} problem={shown.slot_minutes} hint={t('admin.meetings.slotHint')}>
          <input
            type="number"
            min={MEETING_LIMITS.slotMin}
            max={MEETING_LIMITS.slotMax}
            step={5}
            value={value.slot_minutes}
            onChange={(e) => change({ ...value, slot_minutes: Number(e.target.value) || 0 })}
          />
        </Field>
        <WindowsField
          idp={idp}
          dates={dates}
          event={item.fields}
          windows={value.windows}
          problems={show ? (problems.windowRows ?? {}) : {}}
          onChange={(windows) => change({ ...value, windows })}
        />
      </fieldset>
      <fieldset className="admin-form__section">
        <legend>{t('admin.meetings.where')}</legend>
        <Field id={`${idp}-tables`} label={t('admin.meetings.tables')} problem={shown.tables} hint={t('admin.meetings.tablesHint')}>
          <input
            type="number"
            min={0}
            max={MEETING_LIMITS.tables}
            value={value.tables}
            onChange={(e) => change({ ...value, tables: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
          />
        </Field>
        <PlacesField idp={idp} places={value.places} problems={show ? (problems.placeRows ?? {}) : {}} onChange={(places) => change({ ...value, places })} />
      </fieldset>
      <OutsideMeetings
        id={`${idp}-outside`}
        outside={outside}
        checkedAt={data.booked?.fetchedAt ?? null}
        timezone={tz}
        choice={choice}
        onChoice={setChoice}
        missingChoice={show && outside.length > 0 && !choice}
      />
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" busy={busy}>
          {t('admin.meetings.save')}
        </Button>
        <p role="status" className="muted">
          {data.view.settingsPending ? t('admin.queued') : ''}
        </p>
      </div>
    </form>
  );
}
