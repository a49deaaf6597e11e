import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, useAdminActions, useAdminPeople, type AdminEventView, type TeamRole } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmailField } from './EmailField.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { useEmailInvite } from './useEmailInvite.ts';
import { WithdrawInvitation } from './people/WithdrawInvitation.tsx';
import { AdminPanel } from './AdminPanel.tsx';

type Team = AdminEventView['event']['admin']['team'];

/**
 * The event's team: co-organisers (the owner's rights), chat moderators and door staff. A person
 * is named by email and invited: they join once they accept the mailed link, and until then show
 * as invited. Each role is given or taken on its own. The event's creator stays an organiser (the
 * server refuses otherwise), so the screen does not offer it.
 */
export function TeamSection({ eventId, team, createdBy }: { eventId: number; team: Team; createdBy: number }) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useAdminActions();
  const [role, setRole] = useState<TeamRole>('organizer');
  const { draft, edit, problem, busy, submit: add } = useEmailInvite({ email: '' }, (value) => actions.setRole(eventId, { email: value }, role, true));
  const pending = (useAdminPeople(eventId).data.people?.invitations ?? []).filter((i) => (TEAM_ROLES as readonly string[]).includes(i.role));

  return (
    <AdminPanel id={`${id}-title`} className="admin__team" title={t('admin.team.title')}>
      <ul className="admin__list">
        {team.map((m) => {
          const name = `${m.first_name} ${m.last_name}`.trim() || m.email;
          return (
            <li key={m.user_id} className="admin__card admin__member">
              <div>
                <p className="admin__name">{name}</p>
                <p className="muted small">{m.email}</p>
              </div>
              <ul className="admin__roles" aria-label={t('admin.team.rolesOf', { name })}>
                {m.roles.map((r) => (
                  <li key={r}>
                    <span className="admin__role">{t(`admin.roles.${r}`)}</span>
                    {r === 'organizer' && m.user_id === createdBy ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('admin.team.removeRole', { role: t(`admin.roles.${r}`), name })}
                        onClick={() => void actions.setRole(eventId, { user_id: m.user_id }, r as TeamRole, false)}
                      >
                        {t('admin.team.remove')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
        {pending.map((i) => (
          <li key={`${i.email}-${i.role}`} className="admin__card admin__member">
            <div>
              <p className="admin__name">{i.email}</p>
              <p className="muted small">
                {t(`admin.roles.${i.role}`)} · {t('admin.team.invited')}
              </p>
            </div>
            <WithdrawInvitation eventId={eventId} email={i.email} />
          </li>
        ))}
      </ul>
      <form className="admin__add" onSubmit={(e) => void add(e)} noValidate>
        <EmailField id={`${id}-email`} value={draft.email} onChange={(email) => edit({ email })} problem={problem} />
        <Field id={`${id}-role`} label={t('admin.team.role')}>
          <select value={role} onChange={(e) => setRole(e.target.value as TeamRole)}>
            {TEAM_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" variant="primary" busy={busy}>
          {t('admin.team.add')}
        </Button>
      </form>
      <p className="muted small">{t('admin.team.hint')}</p>
    </AdminPanel>
  );
}
