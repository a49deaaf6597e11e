import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { parseId } from '../../../../contract/ids.ts';
import { isStandManager, useAdminEvent, useCompany, useSession } from '../../../data/index.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { EmptyPage } from '../../../ui/EmptyState.tsx';
import { LoginPrompt } from '../../../ui/LoginPrompt.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { StandEditor } from './StandEditor.tsx';
import '../admin.css';

/**
 * /{locale}/events/:eventId/companies-detail/:standId/edit — the specs' Open Stand: a stand's
 * managers (and the event's organisers) edit that stand and its members. Anybody else is told it
 * is not theirs; the server refuses their changes in any case.
 */
export function ManagedStandPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const params = useParams();
  const eventId = parseId(params.eventId) ?? 0;
  const standId = parseId(params.standId) ?? 0;
  const session = useSession();
  const { data, isLoading } = useCompany(eventId, standId);
  const organised = useAdminEvent(eventId);
  const company = data.company;
  useDocumentTitle(company ? t('admin.stands.openTitle', { name: company.name }) : t('admin.stands.openStand'));
  const back = <Link to={to(`/events/${eventId}/companies-detail/${standId}`)}>{t('admin.stands.backToStand')}</Link>;

  if (session.status === 'loading' || isLoading || organised.isLoading) return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('admin.stands.openStand')} text={t('admin.stands.guestText')} />;
  const organiser = organised.data !== undefined;
  if (!company || !(organiser || isStandManager(company, session.user.id))) {
    return <EmptyPage title={t('admin.stands.notYours')} text={t('admin.stands.notYoursText')} action={back} />;
  }
  return (
    <div className="page admin">
      <p className="muted">{back}</p>
      <h1 className="page__title">{t('admin.stands.openTitle', { name: company.name })}</h1>
      <StandEditor eventId={eventId} standKey={`s${standId}`} organiser={organiser} />
    </div>
  );
}
