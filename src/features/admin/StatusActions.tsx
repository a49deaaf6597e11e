import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAdminActions, type EventStatus } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Button } from '../../ui/Button.tsx';

type Job = () => Promise<void>;

/**
 * Publish, unpublish, cancel and remove. Cancelling and removing reach every attendee's device, so
 * they ask first; publishing and unpublishing can simply be undone.
 */
export function StatusActions({ eventId, status }: { eventId: number; status: EventStatus }) {
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
      <div className="admin__buttons">
        {status !== 'published' ? (
          <Button variant="primary" busy={busy === 'published'} onClick={() => void setStatus('published')}>
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
