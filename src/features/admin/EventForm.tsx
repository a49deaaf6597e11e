import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEventFields, EVENT_FIELD_NAMES, type EventFieldName, type EventFields, type FieldProblems } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ClashNotice } from './ClashNotice.tsx';
import { BasicsSection, PlaceSection, StreamSection, TimeSection } from './EventFormSections.tsx';
import { fieldId, type SectionProps } from './Field.tsx';
import { fieldOfCode } from './form.ts';

export interface EventFormProps {
  /** What the device holds now (the server's document with queued edits on top); it may move while the form is open. */
  current: EventFields;
  submitLabel: string;
  /** Answers once the change is queued; `patch` holds only the fields this form changed. */
  onSubmit(full: EventFields, patch: Partial<EventFields>): Promise<void>;
  /** A refusal of this event's last queued change, to show on its field. */
  refusedCode?: string | null;
  /** For a new event: every field is sent, there is nobody to conflict with. */
  isNew?: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The event form. It keeps only the fields the organiser touched, each with the value the device
 * held when it was touched: a field another organiser changes meanwhile and this one did not touch
 * simply shows the new value, and a field both changed is named before saving, with the choice to
 * keep theirs or save this one over it (the later change of a field wins on the server).
 */
export function EventForm({ current, submitLabel, onSubmit, refusedCode, isNew = false }: EventFormProps) {
  const { t } = useTranslation();
  const idp = useId().replace(/:/g, '');
  const [touched, setTouched] = useState<Partial<EventFields>>({});
  const [baseOf, setBaseOf] = useState<Partial<EventFields>>({});
  const [showProblems, setShowProblems] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const value = useMemo(() => ({ ...current, ...touched }) as EventFields, [current, touched]);
  const problems: FieldProblems = useMemo(() => {
    const own = checkEventFields(value);
    const refused = refusedCode ? fieldOfCode(refusedCode) : null;
    if (refused && !own[refused.field]) own[refused.field] = refused.problem;
    return own;
  }, [value, refusedCode]);
  const clashes = useMemo(
    () => (Object.keys(touched) as EventFieldName[]).filter((k) => k in baseOf && !same(baseOf[k], current[k]) && !same(touched[k], current[k])),
    [touched, baseOf, current],
  );

  const set: SectionProps['set'] = (key, v) => {
    setSaved(false);
    setConfirming(false);
    if (!(key in baseOf)) setBaseOf((b) => ({ ...b, [key]: current[key] }));
    setTouched((x) => ({ ...x, [key]: v }));
  };

  const takeTheirs = () => {
    setTouched((x) => Object.fromEntries(Object.entries(x).filter(([k]) => !clashes.includes(k as EventFieldName))) as Partial<EventFields>);
    setBaseOf((b) => Object.fromEntries(Object.entries(b).filter(([k]) => !clashes.includes(k as EventFieldName))) as Partial<EventFields>);
    setConfirming(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const first = EVENT_FIELD_NAMES.find((k) => problems[k]);
    if (first) {
      setShowProblems(true);
      document.getElementById(fieldId(idp, first === 'category_id' ? 'category' : first === 'map_point' ? 'lat' : first))?.focus();
      return;
    }
    if (clashes.length > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    const patch = Object.fromEntries(
      Object.entries(touched).filter(([k]) => !same(touched[k as EventFieldName], current[k as EventFieldName])),
    ) as Partial<EventFields>;
    if (!isNew && Object.keys(patch).length === 0) {
      setTouched({});
      setBaseOf({});
      setSaved(true);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(value, patch);
      setTouched({});
      setBaseOf({});
      setConfirming(false);
      setShowProblems(false);
      setSaved(true);
    } finally {
      setBusy(false);
    }
  };

  const sectionProps = { value, set, problems: showProblems || refusedCode ? problems : {}, idp };
  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
      {clashes.length > 0 ? (
        <ClashNotice text={t('admin.form.clash', { fields: clashes.map((k) => t(`admin.fieldNames.${k}`)).join(', ') })} onTakeTheirs={takeTheirs} />
      ) : null}
      <BasicsSection {...sectionProps} />
      <PlaceSection {...sectionProps} />
      <TimeSection {...sectionProps} />
      <StreamSection {...sectionProps} />
      <div className="admin-form__actions">
        <Button type="submit" variant={confirming ? 'danger' : 'primary'} busy={busy}>
          {confirming ? t('admin.form.saveOver') : submitLabel}
        </Button>
        {saved ? (
          <p role="status" className="muted">
            {t('admin.form.saved')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
