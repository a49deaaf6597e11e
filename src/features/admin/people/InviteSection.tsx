import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITE_ROLES, useAdminActions, usePeopleActions, type AdminInvitation, type InviteRole, type QueuedInvite } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmailField } from '../EmailField.tsx';
import { Field } from '../../../ui/form/Field.tsx';
import { useEmailInvite } from '../useEmailInvite.ts';
import { WithdrawInvitation } from './WithdrawInvitation.tsx';

/**
 * Invitations by email: each address gets a link, and the person joins once they accept it (signed
 * in with that address, or signing up with it). Queued invitations show until the server has them;
 * open ones show until accepted and can be withdrawn.
 */
export function InviteSection({ eventId, invitations, queued }: { eventId: number; invitations: AdminInvitation[]; queued: QueuedInvite[] }) {
  const { t } = useTranslation();
  const id = useId();
  const people = usePeopleActions();
  const admin = useAdminActions();
  const [role, setRole] = useState<InviteRole>('attendee');
  const { draft, edit, problem, busy, submit } = useEmailInvite({ email: '' }, (value) => people.invite(eventId, value, role));
  return (
    <section className="admin__team" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin__h3">
        {t('admin.people.invite')}
      </h3>
      <form className="admin__add" onSubmit={(e) => void submit(e)} noValidate>
        <EmailField id={`${id}-email`} value={draft.email} onChange={(email) => edit({ email })} problem={problem} hintId={`${id}-hint`} />
        <Field id={`${id}-role`} label={t('admin.team.role')}>
          <select value={role} onChange={(e) => setRole(e.target.value as InviteRole)}>
            {INVITE_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.people.inviteRole.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" variant="primary" busy={busy}>
          {t('admin.people.send')}
        </Button>
      </form>
      <p id={`${id}-hint`} className="muted small">
        {t('admin.people.inviteHint')}
      </p>
      {queued.length + invitations.length > 0 ? (
        <ul className="admin__list">
          {queued.map((q) => (
            <li key={q.id} className="admin__card person-invite">
              <span>
                {q.email} · {t(`admin.people.inviteRole.${q.role}`)} ·{' '}
                {q.refused ? (
                  <span className="field__error">{t(`errors.${q.refused}`, { defaultValue: t('errors.unknown_error') })}</span>
                ) : (
                  <span className="muted">{t('admin.pending')}</span>
                )}
              </span>
              {q.refused ? (
                <Button size="sm" onClick={() => void admin.dismiss(q.id)}>
                  {t('common.dismiss')}
                </Button>
              ) : null}
            </li>
          ))}
          {invitations.map((i) => (
            <li key={`${i.email}-${i.role}`} className="admin__card person-invite">
              <span>
                {i.email} · {t(`admin.people.inviteRole.${i.role}`)}
                {i.stand_name ? ` · ${i.stand_name}` : ''} · <span className="muted">{t('admin.people.invited')}</span>
              </span>
              <WithdrawInvitation eventId={eventId} email={i.email} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
