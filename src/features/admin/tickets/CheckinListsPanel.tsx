import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKIN_LIST_NAME_MAX, checkCheckinList, formatListDay, type CheckinListFields } from '../../../../contract/checkin-lists.ts';
import { useCheckinListActions, useCheckinLists, type CheckinListsAnswer, type CheckinListView } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Field } from '../Field.tsx';
import { CardForm, useCardSave } from './CardForm.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import { CardList, EditDeleteButtons } from './CardList.tsx';

const BLANK: CheckinListFields = { name: '', type_ids: [], day: '', reentry: false };

/**
 * The event's check-in lists for its organisers (issue 30): which types each admits, on which day,
 * whether people may leave and come back, and how many are in now of how many it admits. Read
 * online with the counts; edits are commands, so they queue offline like the other sales lists.
 */
export function CheckinListsPanel({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const lists = useCheckinLists(eventId);
  const actions = useCheckinListActions();
  const [editing, setEditing] = useState<string | null>(null);
  const view = lists.result?.ok ? lists.result.data : null;
  const items = (view?.lists ?? []).map((l) => ({ ...l, key: String(l.id) }));
  return (
    <AdminPanel id="sales-gates-h" className="promo checkin-lists" title={t('checkinLists.title')}>
      <p className="muted small">{t('checkinLists.lead')}</p>
      {lists.result && !lists.result.ok && !view ? <p className="muted small">{t('checkinLists.offline')}</p> : null}
      {view ? (
        <CardList
          items={items}
          editing={editing}
          empty={<EmptyState compact title={t('checkinLists.empty')} text={t('checkinLists.emptyHint')} />}
          form={(list) => (
            <CheckinListForm
              initial={list ? { name: list.name, type_ids: list.type_ids, day: list.day, reentry: list.reentry } : BLANK}
              answer={view}
              submitLabel={list ? t('sales.form.save') : t('sales.form.add')}
              onCancel={() => setEditing(null)}
              onSave={async (fields) => {
                await actions.save(eventId, list?.id ?? null, fields);
                setEditing(null);
              }}
            />
          )}
          row={(list) => (
            <ListRow key={list.key} list={list} answer={view} onEdit={() => setEditing(list.key)} onDelete={() => void actions.remove(eventId, list.id)} />
          )}
          add={<Button onClick={() => setEditing('new')}>{t('checkinLists.add')}</Button>}
        />
      ) : null}
    </AdminPanel>
  );
}

function ListRow({ list, answer, onEdit, onDelete }: { list: CheckinListView; answer: CheckinListsAnswer; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  const names = list.type_ids.map((id) => answer.types.find((x) => x.id === id)?.name ?? `#${id}`);
  return (
    <li className="admin__card" data-list={list.name}>
      <div className="sales__type-head">
        <p className="admin__name">{list.name}</p>
        <p className="promo__uses" data-count>
          {t('checkinLists.count', { inside: list.inside, allowed: list.allowed })}
        </p>
      </div>
      <p className="sales__facts">
        {names.length ? t('checkinLists.types', { types: names.join(', ') }) : t('checkinLists.allTypes')}
        {' · '}
        {list.day ? t('checkinLists.day', { day: formatListDay(list.day) }) : t('checkinLists.everyDay')}
        {list.reentry ? ` · ${t('checkinLists.reentry')}` : ''}
      </p>
      <EditDeleteButtons edit={t('checkinLists.edit')} remove={t('checkinLists.delete')} onEdit={onEdit} onDelete={onDelete} />
    </li>
  );
}

function CheckinListForm({
  initial,
  answer,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: CheckinListFields;
  answer: CheckinListsAnswer;
  submitLabel: string;
  onSave(fields: CheckinListFields): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const idp = useId();
  const [value, setValue] = useState(initial);
  const { tried, busy, save } = useCardSave(onSave);
  const problems = checkCheckinList(
    value,
    answer.types.map((x) => x.id),
    answer.days,
  );
  const ok = Object.keys(problems).length === 0;
  return (
    <CardForm
      onSubmit={() => void save(ok, { ...value, name: value.name.trim() })}
      showFix={tried && !ok}
      busy={busy}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <fieldset className="admin-form__section">
        <legend>{t('checkinLists.form.title')}</legend>
        <Field errors="sales" id={`${idp}-name`} label={t('checkinLists.form.name')} problem={tried ? problems.name : undefined}>
          <input
            type="text"
            value={value.name}
            maxLength={CHECKIN_LIST_NAME_MAX}
            required
            onChange={(e) => setValue((f) => ({ ...f, name: e.target.value }))}
          />
        </Field>
        <fieldset className="promo__types">
          <legend>{t('checkinLists.form.types')}</legend>
          <p className="muted small">{t('checkinLists.form.typesHint')}</p>
          {answer.types.map((type) => (
            <label key={type.id} className="sales__check">
              <input
                type="checkbox"
                checked={value.type_ids.includes(type.id)}
                onChange={(e) => setValue((f) => ({ ...f, type_ids: e.target.checked ? [...f.type_ids, type.id] : f.type_ids.filter((x) => x !== type.id) }))}
              />
              {type.name}
            </label>
          ))}
        </fieldset>
        <Field errors="sales" id={`${idp}-day`} label={t('checkinLists.form.day')}>
          <select value={value.day} onChange={(e) => setValue((f) => ({ ...f, day: e.target.value }))}>
            <option value="">{t('checkinLists.everyDay')}</option>
            {answer.days.map((d, i) => (
              <option key={d} value={d}>
                {t('checkinLists.form.dayN', { n: i + 1, day: formatListDay(d) })}
              </option>
            ))}
          </select>
        </Field>
        <label className="sales__check">
          <input type="checkbox" checked={value.reentry} onChange={(e) => setValue((f) => ({ ...f, reentry: e.target.checked }))} />
          {t('checkinLists.form.reentry')}
        </label>
      </fieldset>
    </CardForm>
  );
}
