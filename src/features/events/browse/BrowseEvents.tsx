import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EVENTS_PAGE_SIZE, PAGINATION_MARGIN_PAGES, SEARCH_DEBOUNCE_MS } from '../../../../contract/constants.ts';
import { useEvents, type EventsQuery, type Loadable, type NamedCount } from '../../../data/index.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { SearchBox } from '../../../ui/SearchBox.tsx';
import { pageCount, parsePage } from '../../../ui/pagination.ts';
import { EventList } from '../EventList.tsx';
import { parseId } from '../../../../contract/ids.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

type Period = 'future' | 'past';

export interface BrowseEventsProps {
  /** The query parameter that selects an option: `category` or `city`. */
  param: 'category' | 'city';
  options: Loadable<NamedCount[]>;
  title: (selected: NamedCount | undefined) => string;
  optionsLabel: string;
  allLabel: string;
  /** The other way to browse (by city from the category page and back). */
  alternative: { href: string; label: string };
}

/**
 * Events narrowed by one category or city, upcoming or past, a page at a time. Everything that
 * defines the view lives in the query string, so a filtered page can be bookmarked and shared.
 */
export function BrowseEvents({ param, options, title, optionsLabel, allLabel, alternative }: BrowseEventsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const selectedId = parseId(params.get(param));
  const period: Period = params.get('when') === 'past' ? 'past' : 'future';
  const page = parsePage(params.get('page'));
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useTypedSearch(q, setParams);

  const query = useMemo<EventsQuery>(
    () => ({
      filter: period,
      sort: period === 'past' ? '-when' : 'when',
      limit: EVENTS_PAGE_SIZE,
      offset: (page - 1) * EVENTS_PAGE_SIZE,
      ...(param === 'category' ? { category_id: selectedId } : { city_id: selectedId }),
      ...(q.trim() ? { search: q } : {}),
    }),
    [period, page, param, selectedId, q],
  );
  const { data, isLoading } = useEvents(query);
  const selected = options.data.find((o) => o.id === selectedId);
  const heading = title(selected);
  useDocumentTitle(heading);

  const href = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    const search = next.toString();
    return `${pathname}${search ? `?${search}` : ''}`;
  };

  const totalPages = pageCount(data.total, EVENTS_PAGE_SIZE);

  return (
    <div className="page">
      <PageHeader title={heading} lead={<Link to={alternative.href}>{alternative.label}</Link>} />

      <SearchBox className="events-search" value={typed} onChange={setTyped} label={t('browse.search')} placeholder={t('browse.searchPlaceholder')} />

      <nav className="chips" aria-label={optionsLabel}>
        <Link className="chip" to={href({ [param]: undefined, page: undefined })} aria-current={selectedId === undefined ? 'page' : undefined}>
          {allLabel}
        </Link>
        {options.data.map((option) => (
          <Link
            key={option.id}
            className="chip"
            to={href({ [param]: option.id, page: undefined })}
            aria-current={option.id === selectedId ? 'page' : undefined}
          >
            {option.name}
            <span className="chip__count">{option.count}</span>
          </Link>
        ))}
      </nav>

      <Tabs<Period>
        label={t('browse.periodLabel')}
        tabs={[
          { id: 'future', label: t('browse.upcoming') },
          { id: 'past', label: t('browse.past') },
        ]}
        value={period}
        onChange={(value) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (value === 'past') next.set('when', 'past');
            else next.delete('when');
            next.delete('page');
            return next;
          })
        }
      >
        <EventList
          items={data.items}
          isLoading={isLoading}
          empty={{
            title: period === 'past' ? t('browse.emptyPast') : t('browse.emptyUpcoming'),
            text: q.trim() ? t('browse.emptySearch', { q: q.trim() }) : selectedId !== undefined ? t('browse.emptyTextFiltered') : t('browse.emptyText'),
          }}
        />
        <Pagination page={page} totalPages={totalPages} margin={PAGINATION_MARGIN_PAGES} hrefFor={(p) => href({ page: p > 1 ? p : undefined })} />
      </Tabs>
    </div>
  );
}

/**
 * What is typed shows at once; the list (and the address, `q`) follows after a pause of
 * SEARCH_DEBOUNCE_MS, like the visitors search (events.md §9). The local database answers, so it
 * works offline.
 */
function useTypedSearch(q: string, setParams: ReturnType<typeof useSearchParams>[1]) {
  const [typed, setTyped] = useState(q);
  // The address changed by itself (back, a shared link): the box follows. Its own echo does not
  // touch what is typed, so a space typed before a pause stays.
  useEffect(() => setTyped((prev) => (prev.trim() === q.trim() ? prev : q)), [q]);
  useEffect(() => {
    if (typed.trim() === q.trim()) return;
    const timer = setTimeout(
      () =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (typed.trim()) next.set('q', typed.trim());
            else next.delete('q');
            next.delete('page');
            return next;
          },
          { replace: true },
        ),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);
  return [typed, setTyped] as const;
}
