import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { STAND_LIMITS, useAdminStands, useLeadCounts, useStandActions } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useAdminEventContext } from '../AdminEventLayout.tsx';
import { NameForm } from '../NameForm.tsx';
import { Refusals } from '../Refusals.tsx';
import { blankStand } from './StandForm.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import './stands.css';

/**
 * /{locale}/admin/events/:eventId/stands — the event's stands (companies): each with its logo,
 * place and managers, how many leads it scanned (issue 31: counts only, never who, as last
 * fetched), the way into its editor, and a new one by name. The expo and the legacy stand calls
 * show every change once it reaches the server.
 */
export function StandsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const id = useId();
  const { eventId } = useAdminEventContext();
  const { data, isLoading } = useAdminStands(eventId);
  const actions = useStandActions();
  const leads = useLeadCounts(eventId);

  if (isLoading) return <Spinner label={t('common.loading')} />;
  return (
    <AdminPanel id={`${id}-title`} className="admin-section admin-section--narrow" title={t('admin.nav.stands')}>
      <p className="muted">{t('admin.stands.lead')}</p>
      <Refusals items={data.refused} />
      {data.stands.length === 0 ? (
        <EmptyState compact title={t('admin.stands.empty')} text={t('admin.stands.emptyText')} />
      ) : (
        <ul className="admin__list">
          {data.stands.map((s) => {
            const managers = s.members.filter((m) => m.is_manager).map((m) => m.name || m.email);
            const leadCount = s.stand_id === null ? undefined : leads.counts.get(s.stand_id);
            return (
              <li key={s.key} className="admin__card stand-card">
                {s.logo ? (
                  <img className="stand-card__logo" src={s.logo} alt="" width={48} height={48} />
                ) : (
                  <span className="stand-card__logo" aria-hidden="true" />
                )}
                <div>
                  <p className="admin__name">
                    <Link to={to(`/admin/events/${eventId}/stands/${s.key}`)}>{s.fields.name}</Link>
                    {s.pending ? <span className="muted small"> · {t('admin.pending')}</span> : null}
                  </p>
                  <p className="muted small">
                    {[
                      s.fields.location,
                      t('admin.stands.memberCount', { count: s.members.length }),
                      managers.length ? t('admin.stands.managedBy', { names: managers.join(', ') }) : '',
                      leadCount === undefined ? '' : t('admin.stands.leadCount', { count: leadCount }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <NameForm
        label={t('admin.stands.newName')}
        submit={t('admin.stands.add')}
        maxLength={STAND_LIMITS.name}
        onAdd={(name) => actions.createStand(eventId, { ...blankStand(), name })}
      />
    </AdminPanel>
  );
}
