import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useOrganiserActions, useSession, useSyncStatus, type TicketDesignSettings } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyPage, EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { BadgeSection, InstructionsSection, RolesSection, SponsorsSection } from './DesignSections.tsx';
import './tickets.css';
import { parseId } from '../../../contract/ids.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/**
 * /{locale}/events/:eventId/ticket-design — the owners' ticket and badge settings (events.md §3):
 * instructions (with a picture), sponsors (with logos), roles, badge (type, printed fields, its own
 * lines, a picture). Online only (src/data/organiser.ts): it loads the
 * server's settings and saves them whole; the role rules are the server's, this screen only
 * avoids offering what it would refuse and shows its answer.
 */
export function TicketDesignPage() {
  const { t } = useTranslation();
  const eventId = parseId(useParams().eventId) ?? 0;
  const session = useSession();
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const actions = useOrganiserActions();
  const offline = useSyncStatus().state === 'offline';
  const [settings, setSettings] = useState<TicketDesignSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(event ? t('ticketDesign.titleOf', { event: event.name }) : t('ticketDesign.title'));

  const isOwner = event?.is_owner === true;
  // Loaded once per event and attempt: a reload would throw away the owner's unsaved edits.
  const loaded = settings !== null;
  useEffect(() => {
    if (!isOwner || offline || loaded || eventId <= 0) return;
    const controller = new AbortController();
    actions.loadTicketDesign(eventId, controller.signal).then(
      (s) => {
        setSettings(s);
        setLoadError(null);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setLoadError(err instanceof Error ? err.message : 'unknown_error');
      },
    );
    return () => controller.abort();
  }, [actions, eventId, isOwner, offline, loaded, attempt]);

  if (session.status === 'loading' || eventLoading) return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('ticketDesign.title')} text={t('ticketDesign.guestText')} />;
  if (!isOwner) {
    return <EmptyPage title={t('ticketDesign.ownersOnly')} text={t('ticketDesign.ownersOnlyText')} />;
  }

  const edit = (change: (s: TicketDesignSettings) => TicketDesignSettings) => {
    setSaved(false);
    setSettings((s) => (s ? change(s) : s));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!settings) return;
    setSaving(true);
    setSaveError(null);
    setSaved(false);
    try {
      // The server numbers new roles; keep its answer so a second save does not add them again.
      setSettings(await actions.saveTicketDesign(eventId, settings));
      setSaved(true);
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : 'unknown_error');
    } finally {
      setSaving(false);
    }
  };

  const upload = (file: File) => actions.uploadDesignImage(eventId, file);
  return (
    <div className="page page--narrow ticket-design">
      <PageHeader title={t('ticketDesign.title')} lead={t('ticketDesign.lead')} event={event ? { id: eventId, name: event.name } : null} />
      {offline ? (
        <p className="door-note" role="status">
          {t('organiser.needsConnection')}
        </p>
      ) : null}
      {!settings ? (
        loadError ? (
          <EmptyState
            title={t('ticketDesign.loadFailed')}
            text={t(`errors.${loadError}`)}
            action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('ticketDesign.retry')}</Button>}
          />
        ) : offline ? null : (
          <Spinner label={t('common.loading')} />
        )
      ) : (
        <form className="ticket-design__form" onSubmit={(e) => void save(e)}>
          <InstructionsSection settings={settings} edit={edit} offline={offline} upload={upload} />
          <SponsorsSection settings={settings} edit={edit} offline={offline} upload={upload} />
          <RolesSection settings={settings} edit={edit} />
          <BadgeSection settings={settings} edit={edit} offline={offline} upload={upload} />

          <div className="ticket-design__save" aria-live="polite">
            {saveError ? (
              <p className="form-error" role="alert">
                {t(`errors.${saveError}`)}
              </p>
            ) : null}
            {saved ? <p className="muted">{t('ticketDesign.saved')}</p> : null}
            <Button type="submit" variant="primary" busy={saving} disabled={offline || saving}>
              {t('ticketDesign.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
