import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAND_LIMITS, useStandActions, type ClientRef, type EditorMember } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmailField } from '../EmailField.tsx';
import { Field } from '../../../ui/form/Field.tsx';
import { useEmailInvite } from '../useEmailInvite.ts';
import { AdminPanel } from '../AdminPanel.tsx';

interface MemberDraft {
  email: string;
  position: string;
  manager: boolean;
}
const EMPTY_DRAFT: MemberDraft = { email: '', position: '', manager: false };

/**
 * The people of a stand: each with their position and whether they manage the stand (managers
 * get Open Stand), changed one at a time. New ones are invited by email and join once they accept.
 */
export function StandMembers({ eventId, stand, members }: { eventId: number; stand: ClientRef; members: EditorMember[] }) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useStandActions();
  // A member named by email is invited and joins once they accept, so the list does not show them yet.
  const [invited, setInvited] = useState<string | null>(null);
  const {
    draft: { email, position, manager },
    edit,
    problem,
    submit: add,
  } = useEmailInvite(EMPTY_DRAFT, async (value, d) => {
    await actions.setMember(eventId, stand, { email: value }, d.position.trim(), d.manager);
    setInvited(value);
  });

  return (
    <AdminPanel id={`${id}-title`} className="admin__team" title={t('admin.stands.members')}>
      {members.length === 0 ? <p className="muted">{t('admin.stands.noMembers')}</p> : null}
      <ul className="admin__list">
        {members.map((m) => (
          <MemberRow key={m.user_id ?? m.email} eventId={eventId} stand={stand} member={m} />
        ))}
      </ul>
      <form className="admin__add stand-add-member" onSubmit={(e) => void add(e)} noValidate>
        <EmailField id={`${id}-email`} value={email} onChange={(v) => edit({ email: v })} problem={problem} />
        <Field id={`${id}-position`} label={t('admin.stands.position')}>
          <input value={position} maxLength={STAND_LIMITS.position} onChange={(e) => edit({ position: e.target.value })} />
        </Field>
        <label className="stand-manager-box">
          <input type="checkbox" checked={manager} onChange={(e) => edit({ manager: e.target.checked })} /> {t('admin.stands.isManager')}
        </label>
        <Button type="submit" variant="primary">
          {t('admin.stands.addMember')}
        </Button>
      </form>
      {invited ? (
        <p className="muted" role="status">
          {t('admin.stands.invited', { email: invited })}
        </p>
      ) : null}
      <p className="muted small">{t('admin.stands.membersHint')}</p>
    </AdminPanel>
  );
}

function MemberRow({ eventId, stand, member }: { eventId: number; stand: ClientRef; member: EditorMember }) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useStandActions();
  const [position, setPosition] = useState(member.position);
  const name = member.name || member.email;
  const userId = member.user_id;
  const who = userId !== null ? { user_id: userId } : { email: member.email };
  const save = (isManager: boolean, nextPosition = position) => void actions.setMember(eventId, stand, who, nextPosition.trim(), isManager);
  return (
    <li className="admin__card stand-member">
      <div>
        <p className="admin__name">
          {name}
          {member.pending ? <span className="muted small"> · {t('admin.pending')}</span> : null}
        </p>
        {member.hidden ? <p className="muted small">{t('admin.stands.hiddenMember')}</p> : null}
      </div>
      <Field id={`${id}-position`} label={t('admin.stands.positionOf', { name })}>
        <input
          value={position}
          maxLength={STAND_LIMITS.position}
          onChange={(e) => setPosition(e.target.value)}
          onBlur={() => {
            if (position.trim() !== member.position) save(member.is_manager);
          }}
        />
      </Field>
      <label>
        <input type="checkbox" checked={member.is_manager} onChange={(e) => save(e.target.checked)} /> {t('admin.stands.isManager')}
      </label>
      {userId !== null ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void actions.removeMember(eventId, stand, userId)}
          aria-label={t('admin.stands.removeMember', { name })}
        >
          {t('admin.team.remove')}
        </Button>
      ) : null}
    </li>
  );
}
