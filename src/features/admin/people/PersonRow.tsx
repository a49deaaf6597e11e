import { ticketTypeLabel } from '../../../ui/format/tickets.ts';
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, type AdminPerson, type TeamRole } from '../../../data/index.ts';
import { dateFormat } from '../../../ui/intl.ts';

/** One person of the event: who, their tickets, when they registered and came in, meetings, team roles. */
export function PersonRow({
  person: p,
  createdBy,
  onRole,
}: {
  person: AdminPerson;
  createdBy: number;
  onRole(p: AdminPerson, role: TeamRole, granted: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const name = `${p.first_name} ${p.last_name}`.trim() || p.email;
  const when = (unix: number) => dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(unix * 1000);
  return (
    <li className="admin__card person-row">
      <div>
        <p className="admin__name">{name}</p>
        <p className="muted small">{[p.email, [p.position, p.company].filter(Boolean).join(', '), p.category].filter(Boolean).join(' · ')}</p>
      </div>
      <dl className="person-row__facts">
        <div>
          <dt>{t('admin.people.tickets')}</dt>
          <dd>{p.tickets.length ? p.tickets.map((x) => `${ticketTypeLabel(t, x.type)} (${t(`admin.people.ticket.${x.status}`)})`).join(', ') : '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.people.registered')}</dt>
          <dd>{p.registered_at > 1 ? when(p.registered_at) : p.registered_at ? t('admin.people.yes') : '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.people.door')}</dt>
          <dd>{p.door_at ? when(p.door_at) : '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.people.meetings')}</dt>
          <dd>{p.meetings}</dd>
        </div>
      </dl>
      <fieldset className="person-row__roles">
        <legend>{t('admin.team.rolesOf', { name })}</legend>
        {TEAM_ROLES.map((r) => (
          <label key={r}>
            <input
              type="checkbox"
              checked={p.team.includes(r)}
              disabled={r === 'organizer' && p.user_id === createdBy}
              onChange={(e) => onRole(p, r, e.target.checked)}
            />{' '}
            {t(`admin.roles.${r}`)}
          </label>
        ))}
      </fieldset>
    </li>
  );
}
