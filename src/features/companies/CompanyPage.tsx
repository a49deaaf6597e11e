import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isStandManager } from '../../../contract/companies.ts';
import { useCompany, useEvent, useSession } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CompanyLogo } from './CompanyLogo.tsx';
import { NoCompanies } from './CompaniesState.tsx';
import { MemberMenu } from './MemberMenu.tsx';
import { websiteHref, websiteLabel } from './website.ts';
import './companies.css';
import { parseId } from '../../../contract/ids.ts';

/**
 * /{locale}/events/:eventId/companies-detail/:standId — one stand (events.md §2): logo, name,
 * description, visit website, and Open Stand for the stand's managers only. Open Stand leads to the
 * stand's editor (src/features/admin/stands/ManagedStandPage.tsx), where its managers edit it and
 * its members.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const params = useParams();
  const eventId = parseId(params.eventId) ?? 0;
  const standId = parseId(params.standId) ?? 0;
  const { user } = useSession();
  const { data: event } = useEvent(eventId);
  const { data, isLoading } = useCompany(eventId, standId);
  const company = data.company;
  useDocumentTitle(company?.name ?? t('companies.title'));
  const back = (
    <Link to={to(`/events/${eventId}/companies`)} className={buttonClass('secondary', 'sm')}>
      {t('companies.backToList')}
    </Link>
  );

  if (!company) {
    if (isLoading) return <Spinner label={t('common.loading')} />;
    return (
      <div className="page page--narrow">
        {data.syncedAt === null ? (
          <NoCompanies syncedAt={null} />
        ) : (
          <EmptyState heading title={t('companies.notFound')} text={t('companies.notFoundText')} action={back} />
        )}
      </div>
    );
  }

  const href = websiteHref(company.link);
  const manager = isStandManager(company, user?.id);
  const member = user ? company.members.some((m) => m.user_id === user.id) : false;
  return (
    <div className="page company-page">
      <p className="company-page__crumbs muted">
        {event ? <Link to={to(`/events/${eventId}`)}>{event.name}</Link> : null}
        {event ? ' / ' : null}
        <Link to={to(`/events/${eventId}/companies`)}>{t('companies.title')}</Link>
      </p>
      <header className="company-page__head">
        {company.image ? (
          <img className="company-page__image" src={company.image} alt={t('companies.logoAlt', { name: company.name })} decoding="async" />
        ) : (
          <CompanyLogo company={company} size="lg" />
        )}
        <div>
          <h1 className="page__title">{company.name}</h1>
          {company.location ? <p className="muted">{company.location}</p> : null}
          <div className="company-page__actions">
            {href ? (
              <a className={buttonClass('primary')} href={href} target="_blank" rel="noopener noreferrer">
                {t('companies.visitWebsite')}
              </a>
            ) : null}
            {manager ? (
              <Link className={buttonClass('secondary')} to={to(`/events/${eventId}/companies-detail/${company.stand_id}/edit`)}>
                {t('companies.openStand')}
              </Link>
            ) : null}
            {member ? (
              <Link className={buttonClass('secondary')} to={to(`/events/${eventId}/companies/${company.stand_id}/leads`)}>
                {t('leads.open')}
              </Link>
            ) : null}
          </div>
          {href ? <p className="muted small">{websiteLabel(company.link)}</p> : null}
        </div>
      </header>
      <div className="company-page__grid">
        <Card title={t('companies.about')}>
          <p className="company-page__description">{company.description.trim() || '—'}</p>
        </Card>
        <Card title={t('companies.members')}>
          {company.members.length ? (
            <ul className="stand-members stand-members--column">
              {company.members.map((m) => (
                <li key={m.user_id}>
                  <MemberMenu member={m} eventId={eventId} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('companies.noMembers')}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
