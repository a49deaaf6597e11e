import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMPANIES_PAGE_SIZE, PAGINATION_MARGIN_PAGES } from '../../../contract/constants.ts';
import { pageOfCompanies, useCompanies, useEvent } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CompanyItem } from './CompanyItem.tsx';
import { NoCompanies } from './CompaniesState.tsx';
import './companies.css';
import { parseId } from '../../../contract/ids.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** /{locale}/events/:eventId/companies — the event's stands, COMPANIES_PAGE_SIZE a page, from the device. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = parseId(useParams().eventId) ?? 0;
  const [params] = useSearchParams();
  const page = parseId(params.get('page')) ?? 1;
  const { data: event } = useEvent(eventId);
  const { data, isLoading } = useCompanies(eventId);
  useDocumentTitle(event ? t('companies.titleOf', { event: event.name }) : t('companies.title'));

  const current = pageOfCompanies(data.items, page - 1, COMPANIES_PAGE_SIZE);
  const hrefFor = (p: number) => to(`/events/${eventId}/companies${p > 1 ? `?page=${p}` : ''}`);

  return (
    <div className="page companies-page">
      <PageHeader
        title={t('companies.title')}
        lead={data.items.length ? t('companies.count', { n: data.items.length }) : null}
        event={event ? { id: eventId, name: event.name } : null}
      />
      {isLoading && data.items.length === 0 ? (
        <Spinner label={t('common.loading')} />
      ) : data.items.length === 0 ? (
        <NoCompanies syncedAt={data.syncedAt} />
      ) : (
        <>
          <ol className="company-list" start={current.page * COMPANIES_PAGE_SIZE + 1}>
            {current.items.map((c) => (
              <li key={c.id}>
                <CompanyItem company={c} eventId={eventId} />
              </li>
            ))}
          </ol>
          <Pagination page={current.page + 1} totalPages={current.pages} margin={PAGINATION_MARGIN_PAGES} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
