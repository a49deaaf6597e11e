import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMPANY_USERS_PER_STAND } from '../../../contract/constants.ts';
import type { Company } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { CompanyLogo } from './CompanyLogo.tsx';
import { MemberMenu } from './MemberMenu.tsx';
import { websiteHref, websiteLabel } from './website.ts';

/** One stand in the companies list (events.md §2): logo, name, link, description, members. */
export function CompanyItem({ company, eventId }: { company: Company; eventId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const detail = to(`/events/${eventId}/companies-detail/${company.stand_id}`);
  const shown = company.members.slice(0, COMPANY_USERS_PER_STAND);
  const more = company.members.length - shown.length;
  const href = websiteHref(company.link);
  return (
    <article className="company-item">
      <Link to={detail} className="company-item__logo" tabIndex={-1} aria-hidden="true">
        <CompanyLogo company={company} />
      </Link>
      <div className="company-item__body">
        <h2 className="company-item__name">
          <Link to={detail}>{company.name}</Link>
        </h2>
        {company.location ? <p className="muted small">{company.location}</p> : null}
        {href ? (
          <p className="company-item__link">
            <a href={href} target="_blank" rel="noopener noreferrer">
              {websiteLabel(company.link)}
            </a>
          </p>
        ) : null}
        {/* Plain text: descriptions come from exhibitors and are never rendered as HTML. */}
        <p className="company-item__description">{company.description.trim() || '—'}</p>
        {shown.length ? (
          <div className="company-item__members">
            <h3 className="visually-hidden">{t('companies.members')}</h3>
            <ul className="stand-members">
              {shown.map((m) => (
                <li key={m.user_id}>
                  <MemberMenu member={m} eventId={eventId} />
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <Link to={detail} className="small">
                {t('companies.moreMembers', { n: more })}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
