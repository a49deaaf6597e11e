import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCategories, MEETING_LIMITS, useAdminActions } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/form/Field.tsx';
import { AdminPanel } from '../AdminPanel.tsx';

interface Row {
  id?: number;
  name: string;
}

/**
 * The visitor categories of the event (the specs' menu): what visitors say they are ("Investor",
 * "Founder"), the visitors filter's list. A category keeps its id through a rename, so its visitors
 * keep it; removing one takes it from its visitors.
 */
export function CategoriesSection({ eventId, categories, pending }: { eventId: number; categories: { id: number; name: string }[]; pending: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useAdminActions();
  const [rows, setRows] = useState<Row[]>(() => categories.map((c) => (c.id ? { id: c.id, name: c.name } : { name: c.name })));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (i: number, name: string) => setRows(rows.map((r, k) => (k === i ? { ...r, name } : r)));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const list = rows.map((r) => ({ ...r, name: r.name.trim() }));
    const wrong = checkCategories(list);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      await actions.saveCategories(eventId, list);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminPanel id={`${id}-title`} className="admin__team" title={t('admin.meetings.categories')}>
      <p className="muted">{t('admin.meetings.categoriesLead')}</p>
      <form className="admin-form" noValidate onSubmit={(e) => void save(e)}>
        <ul className="meeting-rows">
          {rows.map((r, i) => (
            // A new category has no id until the server gives one; until then its place names it.
            <li key={r.id ?? `new-${i}`} className="meeting-row">
              <Field id={`${id}-c${i}`} label={t('admin.meetings.categoryName')}>
                <input value={r.name} maxLength={MEETING_LIMITS.categoryName} onChange={(e) => set(i, e.target.value)} />
              </Field>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setRows(rows.filter((_, k) => k !== i))}
                aria-label={t('admin.meetings.removeCategory', { name: r.name || t('admin.meetings.newCategory') })}
              >
                {t('admin.team.remove')}
              </Button>
            </li>
          ))}
        </ul>
        {problem ? (
          <p className="field__error" role="alert">
            {t(`admin.fieldErrors.${problem}`)}
          </p>
        ) : null}
        <div className="admin__buttons">
          <Button size="sm" onClick={() => setRows([...rows, { name: '' }])} disabled={rows.length >= MEETING_LIMITS.categories}>
            {t('admin.meetings.addCategory')}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t('admin.meetings.saveCategories')}
          </Button>
        </div>
        <p role="status" className="muted">
          {pending ? t('admin.queued') : ''}
        </p>
      </form>
    </AdminPanel>
  );
}
