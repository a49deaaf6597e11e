import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAdminActions, useSession } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { useAdminEventContext } from './AdminEventLayout.tsx';
import { EventForm } from './EventForm.tsx';
import { PictureInput } from './PictureInput.tsx';
import { StatusActions } from './StatusActions.tsx';
import { publishProblems } from '../../../contract/publish.ts';
import { TeamSection } from './TeamSection.tsx';
import { blankFields } from './form.ts';
import './admin.css';

/** /{locale}/admin/events/new — a new event, saved as a draft that only its organisers see. */
export function NewEventPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const session = useSession();
  const actions = useAdminActions();
  const initial = useMemo(() => blankFields(Math.floor(Date.now() / 1000)), []);
  useDocumentTitle(t('admin.new.title'));
  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('admin.new.title')} text={t('admin.events.guestText')} />;
  return (
    <div className="page page--narrow admin">
      <p className="muted">
        <Link to={to('/admin/events')}>{t('admin.events.title')}</Link>
      </p>
      <h1 className="page__title">{t('admin.new.title')}</h1>
      <p className="muted">{t('admin.new.lead')}</p>
      <EventForm
        isNew
        current={initial}
        submitLabel={t('admin.new.submit')}
        onSubmit={async (full) => {
          await actions.createEvent(full);
          navigate(to('/admin/events'));
        }}
      />
    </div>
  );
}

/**
 * /{locale}/admin/events/:eventId — the event's details: its state, its fields and its team.
 * Everything is queued like any other action, so it works with a bad connection.
 */
export function EventEditorPage() {
  const { t } = useTranslation();
  const { eventId, item } = useAdminEventContext();
  const actions = useAdminActions();
  const refusedUpdate = item.refused?.kind === 'event.update' ? item.refused.code : null;
  const sales = item.event.admin.sales;
  const preflight = useMemo(
    () =>
      publishProblems({
        starts_at: item.fields.starts_at,
        ends_at: item.fields.ends_at,
        is_free: item.fields.is_free,
        types: sales.types,
        transfer_enabled: sales.transfer_enabled,
        card_enabled: sales.card_enabled,
        // Whether this server takes cards is asked of it only on the ticket pages; it refuses publishing if not.
        card_available: null,
      }),
    [item.fields, sales],
  );
  return (
    <div className="admin-section admin-section--narrow">
      <h2 className="admin__h2">{t('admin.nav.details')}</h2>
      <StatusActions eventId={eventId} status={item.status} problems={preflight} refused={item.refused?.kind === 'event.status' ? item.refused.code : null} />
      <section className="admin-form__section admin-poster" aria-label={t('admin.poster.title')}>
        <PictureInput
          eventId={eventId}
          kind="poster"
          label={t('admin.poster.title')}
          value={item.poster}
          onChange={(url) => void actions.setPoster(eventId, url)}
          alt={t('admin.poster.alt', { name: item.fields.name })}
        />
        <p className="muted small">{t('admin.poster.hint')}</p>
      </section>
      <EventForm
        key={eventId}
        current={item.fields}
        refusedCode={refusedUpdate}
        submitLabel={t('admin.edit.submit')}
        onSubmit={(_full, patch) => actions.updateEvent(eventId, patch)}
      />
      <TeamSection eventId={eventId} team={item.event.admin.team} createdBy={item.event.admin.created_by} />
    </div>
  );
}
