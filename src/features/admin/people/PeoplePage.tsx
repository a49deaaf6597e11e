import { ticketTypeLabel } from '../../../ui/format/tickets.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  filterPeople,
  NO_PEOPLE_FILTER,
  ticketTypes,
  toCsv,
  useAdminActions,
  useAdminPeople,
  type AdminPerson,
  type PeopleFilter,
  type TeamRole,
} from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { downloadText, eventFileName } from '../../../ui/download.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { dateFormat } from '../../../ui/intl.ts';
import { useAdminEventContext } from '../AdminEventLayout.tsx';
import { InviteSection } from './InviteSection.tsx';
import { PersonRow } from './PersonRow.tsx';
import { Field } from '../../../ui/form/Field.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import './people.css';

const PAGE = 50;

/**
 * /{locale}/admin/events/:eventId/people — who takes part: search, filters (ticket type, door
 * check-in, meetings), a CSV of what is shown, invitations by email and the team roles of each
 * person. The list is the last one read from the server, with its time, so it shows offline too.
 */
export function PeoplePage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { eventId, item } = useAdminEventContext();
  const { data, isLoading } = useAdminPeople(eventId);
  const actions = useAdminActions();
  const [filter, setFilter] = useState<PeopleFilter>(NO_PEOPLE_FILTER);
  const [shown, setShown] = useState(PAGE);
  const all = data.people?.people ?? [];
  const rows = useMemo(() => filterPeople(all, filter), [all, filter]);
  const types = useMemo(() => ticketTypes(all), [all]);
  const set = (patch: Partial<PeopleFilter>) => {
    setFilter({ ...filter, ...patch });
    setShown(PAGE);
  };

  const exportCsv = () => {
    const when = (unix: number) => (unix ? new Date(unix * 1000).toISOString() : '');
    const csv = toCsv([
      [
        t('admin.people.csv.first'),
        t('admin.people.csv.last'),
        t('admin.people.csv.email'),
        t('admin.people.csv.company'),
        t('admin.people.csv.position'),
        t('admin.people.csv.category'),
        t('admin.people.csv.tickets'),
        t('admin.people.csv.registered'),
        t('admin.people.csv.door'),
        t('admin.people.csv.meetings'),
        t('admin.people.csv.team'),
      ],
      ...rows.map((p) => [
        p.first_name,
        p.last_name,
        p.email,
        p.company,
        p.position,
        p.category,
        p.tickets.map((x) => `${ticketTypeLabel(t, x.type)} (${t(`admin.people.ticket.${x.status}`)})`).join('; '),
        when(p.registered_at),
        when(p.door_at),
        p.meetings,
        p.team.map((r) => t(`admin.roles.${r}`)).join('; '),
      ]),
    ]);
    downloadText(eventFileName(item.fields.name, 'people', 'csv'), csv, 'text/csv;charset=utf-8');
  };

  const setRole = (p: AdminPerson, role: TeamRole, granted: boolean) => void actions.setRole(eventId, { user_id: p.user_id }, role, granted);

  return (
    <AdminPanel id={`${id}-title`} className="admin-section" title={t('admin.nav.people')}>
      <p className="muted">
        {data.fetchedAt
          ? t('admin.people.asOf', { when: dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(data.fetchedAt) })
          : t('admin.people.notYet')}
      </p>
      <InviteSection eventId={eventId} invitations={data.people?.invitations ?? []} queued={data.queued} />
      <search className="people-filters" aria-label={t('admin.people.filtersLabel')}>
        <Field id={`${id}-q`} label={t('admin.people.search')}>
          <input type="search" value={filter.q} onChange={(e) => set({ q: e.target.value })} />
        </Field>
        <Field id={`${id}-ticket`} label={t('admin.people.ticketType')}>
          <select value={filter.ticket} onChange={(e) => set({ ticket: e.target.value })}>
            <option value="">{t('admin.people.any')}</option>
            <option value="-">{t('admin.people.noTicket')}</option>
            {types.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-door`} label={t('admin.people.door')}>
          <select value={filter.door} onChange={(e) => set({ door: e.target.value as PeopleFilter['door'] })}>
            <AnyYesNo />
          </select>
        </Field>
        <Field id={`${id}-meetings`} label={t('admin.people.hasMeetings')}>
          <select value={filter.meetings} onChange={(e) => set({ meetings: e.target.value as PeopleFilter['meetings'] })}>
            <AnyYesNo />
          </select>
        </Field>
      </search>
      <p className="people-count" role="status">
        {t('admin.people.count', { shown: rows.length, total: all.length })}{' '}
        <Button size="sm" onClick={exportCsv} disabled={rows.length === 0}>
          {t('admin.people.export')}
        </Button>
      </p>
      {isLoading && !data.people ? (
        <Spinner label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <EmptyState compact title={t('admin.people.empty')} text={data.people ? t('admin.people.emptyText') : t('admin.people.notYet')} />
      ) : (
        <ul className="admin__list people-list">
          {rows.slice(0, shown).map((p) => (
            <PersonRow key={p.user_id} person={p} createdBy={item.event.admin.created_by} onRole={setRole} />
          ))}
        </ul>
      )}
      {rows.length > shown ? (
        <p>
          <Button onClick={() => setShown(shown + PAGE)}>{t('common.loadMore')}</Button>
        </p>
      ) : null}
    </AdminPanel>
  );
}

/** The three answers of a filter on a yes-or-no fact about a person. */
function AnyYesNo() {
  const { t } = useTranslation();
  return (
    <>
      <option value="any">{t('admin.people.any')}</option>
      <option value="yes">{t('admin.people.yes')}</option>
      <option value="no">{t('admin.people.no')}</option>
    </>
  );
}
