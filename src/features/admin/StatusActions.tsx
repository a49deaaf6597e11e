import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAdminActions, type EventStatus } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Button } from '../../ui/Button.tsx';
import { PUBLISH_BLOCKERS, type PublishProblem } from '../../../contract/publish.ts';
import { FormError } from '../../ui/form/Field.tsx';

type Job = () => Promise<void>;

/**
 * Publish, unpublish, cancel and remove. Cancelling and removing reach every attendee's device, so
 * they ask first; publishing and unpublishing can simply be undone. Before publishing, the
 * pre-flight (contract/sales.ts publishProblems) lists what would not work, each with where to fix
 * it: what cannot work at all keeps Publish off (the server refuses it too), the rest only warns.
 */
export function StatusActions({
  eventId,
  status,
  problems = [],
  refused = null,
}: {
  eventId: number;
  status: EventStatus;
  problems?: PublishProblem[];
  /** The server's refusal of the last status change, when it refused. */
  refused?: string | null;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const actions = useAdminActions();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, fn: Job) => {
    setBusy(what);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };
  const blocked = problems.some((p) => PUBLISH_BLOCKERS.includes(p.code));
  const setStatus = (next: EventStatus) => run(next, () => actions.setStatus(eventId, next));
  const cancel = () => {
    if (window.confirm(t('admin.status.cancelConfirm'))) void setStatus('cancelled');
  };
  const remove = () => {
    if (!window.confirm(t('admin.status.deleteConfirm'))) return;
    void run('delete', async () => {
      await actions.deleteEvent(eventId);
      navigate(to('/admin/events'));
    });
  };

  return (
    <section className="admin__status" aria-label={t('admin.status.label')}>
      <p className="muted">{t(`admin.status.explain.${status}`)}</p>
      {status !== 'published' && problems.length > 0 ? (
        <div className={blocked ? 'admin__preflight admin__preflight--blocked' : 'admin__preflight'} role="status">
          <p className="admin__preflight-title">{t(blocked ? 'admin.preflight.blocked' : 'admin.preflight.warn')}</p>
          <ul className="admin__preflight-list">
            {problems.map((p) => (
              <li key={p.code} data-problem={p.code}>
                {t(`admin.preflight.${p.code}`, { types: p.types.join(', ') })}{' '}
                {p.field === 'starts_at' ? null : <Link to={to(`/admin/events/${eventId}/tickets`)}>{t(`admin.preflight.fix.${p.field}`)}</Link>}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {refused ? <FormError>{t(`errors.${refused}`)}</FormError> : null}
      <div className="admin__buttons">
        {status !== 'published' ? (
          <Button variant="primary" busy={busy === 'published'} disabled={blocked} onClick={() => void setStatus('published')}>
            {t('admin.status.publish')}
          </Button>
        ) : (
          <Button busy={busy === 'draft'} onClick={() => void setStatus('draft')}>
            {t('admin.status.unpublish')}
          </Button>
        )}
        {status !== 'cancelled' ? (
          <Button variant="ghost" busy={busy === 'cancelled'} onClick={cancel}>
            {t('admin.status.cancel')}
          </Button>
        ) : null}
        <Button variant="danger" busy={busy === 'delete'} onClick={remove}>
          {t('admin.status.delete')}
        </Button>
      </div>
    </section>
  );
}
