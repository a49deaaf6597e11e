import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VISITORS_TABS, useEvent, type VisitorsPageData, type VisitorsTab } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginDialog } from './LoginDialog.tsx';
import { activeFilterCount, withTab, type VisitorsState } from '../../ui/visitors-params.ts';
import { FilterSheet } from './FilterSheet.tsx';
import { SortBox } from './SortBox.tsx';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { useDrawnLater } from '../../ui/useDrawnLater.ts';
import { SelectModal } from './SelectModal.tsx';
import { VisitorList } from './VisitorList.tsx';
import { VisitorFilters } from './VisitorFilters.tsx';
import { VisitorsTabs } from './VisitorsTabs.tsx';
import '../../ui/people/people.css';
import '../../ui/people/visitors-list.css';
import '../../ui/people/profiles.css';
import './visitors-phone.css';
import './suggestions.css';
import { Suggestions } from './Suggestions.tsx';
import { MeetLink } from './MeetLink.tsx';
import { EventNotFound } from '../../ui/EventNotFound.tsx';
import { VisitorSearchBox } from '../../ui/SearchBox.tsx';
import { parseId } from '../../../contract/ids.ts';
import { useVisitorsPage } from './useVisitorsPage.ts';
import { useResponseLink } from '../../ui/appointments/useResponseLink.ts';
import { FormError } from '../../ui/form/Field.tsx';

/**
 * /{locale}/events/:eventId/visitors (networking.md §2, §4, §5). For a user who takes part in the
 * event everything is filtered, sorted and searched on the device, offline too; others browse the
 * server's list while online. The whole state lives in the address (params.ts).
 */
export function VisitorsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = parseId(useParams().eventId) ?? 0;
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const { signedIn, state, apply, search, setSearch, modal, setModal, choose, visitors, showMore } = useVisitorsPage(eventId);
  const data = visitors.data;
  const panelId = useId();
  // The same ?meeting_id=&response= links as My appointments (mails point at either page).
  const linkError = useResponseLink('rest');
  // Side by side from 900 px (networking.css); narrower, the filters wait in a sheet under the cards' heading.
  const wide = useMediaQuery('(min-width: 900px)');
  // The side column's filters (some hundred elements) are drawn in a render of their own after the
  // first cards, so the cards reach the screen without waiting for them.
  const filtersDrawn = useDrawnLater(!visitors.isLoading || data.items.length > 0);
  useDocumentTitle(event ? t('visitors.titleOf', { name: event.name }) : t('visitors.title'));

  const tabLabel = (tab: VisitorsTab) => {
    if (tab === 'country' && state.tab === 'country' && state.country) {
      return t('visitors.tabs.countryOf', { name: data.countries.find((c) => c.code === state.country)?.name ?? state.country });
    }
    if (tab === 'city' && state.tab === 'city' && state.cityId) {
      return t('visitors.tabs.cityOf', { name: data.cities.find((c) => c.id === state.cityId)?.name ?? String(state.cityId) });
    }
    return t(`visitors.tabs.${tab}`);
  };

  const filters = (
    <VisitorFilters
      state={state}
      categories={data.categories}
      allCount={data.allCount}
      signedIn={signedIn}
      onChange={(next) => apply(next)}
      onNeedLogin={() => setModal('login')}
    />
  );

  if (!eventLoading && !event) {
    return <EventNotFound />;
  }

  return (
    <div className="page visitors-page">
      <header className="visitors-page__header">
        <div>
          <p className="visitors-page__event">{event ? <Link to={to(`/events/${eventId}`)}>{event.name}</Link> : null}</p>
          <div className="visitors-page__title-row">
            <h1 className="page__title">{t('visitors.title')}</h1>
            {signedIn ? <MeetLink eventId={eventId} compact={!wide} /> : null}
          </div>
        </div>
        <div className="visitors-page__tools">
          <VisitorSearchBox value={search} onChange={setSearch} />
          {wide ? <SortBox state={state} onChange={(next) => apply(next)} /> : null}
        </div>
      </header>
      <FormError>{linkError}</FormError>
      {signedIn && wide ? <Suggestions eventId={eventId} wide /> : null}

      <VisitorsTabs
        tabs={VISITORS_TABS.map((id) => ({ id, label: tabLabel(id) }))}
        value={state.tab}
        label={t('visitors.tabsLabel')}
        panelId={panelId}
        onChoose={choose}
      />

      <div className="visitors-page__body" id={panelId} role="tabpanel" aria-label={tabLabel(state.tab)}>
        {wide ? (
          <aside className="visitors-page__aside" aria-label={t('visitors.filters.label')}>
            {filtersDrawn ? filters : null}
          </aside>
        ) : null}
        <section className="visitors-page__list" aria-label={t('visitors.listLabel')} aria-busy={visitors.isLoading}>
          {wide ? null : (
            <div className="visitors-page__sheet-row">
              {signedIn ? <Suggestions eventId={eventId} wide={false} /> : null}
              <FilterSheet active={activeFilterCount(state)} total={data.total}>
                <SortBox state={state} onChange={(next) => apply(next)} />
                {filters}
              </FilterSheet>
            </div>
          )}
          <SourceNote source={data.source} waiting={data.waitingForSync} refusal={data.refusal} />
          {visitors.isLoading && data.items.length === 0 ? (
            <Spinner label={t('common.loading')} />
          ) : data.items.length === 0 ? (
            data.source === 'unavailable' ? null : (
              <EmptyState compact title={t('visitors.empty')} text={t('visitors.emptyText')} />
            )
          ) : (
            <VisitorList
              eventId={eventId}
              event={event}
              data={data}
              onFilterBy={(by) => {
                const { menuId: _m, role: _r, ...rest } = state;
                apply({ ...rest, ...by });
              }}
              onMore={showMore}
            />
          )}
        </section>
      </div>

      <CountryCitySelects
        open={modal === 'country' || modal === 'city' ? modal : null}
        data={data}
        state={state}
        onCancel={() => setModal(null)}
        onConfirm={(next) => {
          setModal(null);
          apply(next, true);
        }}
      />
      <LoginDialog open={modal === 'login'} onClose={() => setModal(null)} />
    </div>
  );
}

/** The country and city tabs open a list to pick from before they filter (networking.md §4). */
function CountryCitySelects({
  open,
  data,
  state,
  onCancel,
  onConfirm,
}: {
  open: 'country' | 'city' | null;
  data: Pick<VisitorsPageData, 'countries' | 'cities'>;
  state: VisitorsState;
  onCancel(): void;
  onConfirm(next: VisitorsState): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SelectModal
        open={open === 'country'}
        title={t('visitors.select.countryTitle')}
        allLabel={t('visitors.select.allCountries')}
        options={data.countries.map((c) => ({ value: c.code, name: c.name, count: c.count }))}
        value={state.tab === 'country' ? state.country : undefined}
        onCancel={onCancel}
        onConfirm={(country) => onConfirm(withTab(state, 'country', country ? { country } : {}))}
      />
      <SelectModal
        open={open === 'city'}
        title={t('visitors.select.cityTitle')}
        allLabel={t('visitors.select.allCities')}
        options={data.cities.map((c) => ({ value: c.id, name: c.name, count: c.count }))}
        value={state.tab === 'city' ? state.cityId : undefined}
        onCancel={onCancel}
        onConfirm={(cityId) => onConfirm(withTab(state, 'city', cityId ? { cityId } : {}))}
      />
    </>
  );
}

/** Says where the list comes from when it is not the device's own copy, or why it is empty. */
function SourceNote({ source, waiting, refusal }: Pick<VisitorsPageData, 'source' | 'refusal'> & { waiting: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (source === 'device') {
    return waiting ? (
      <p className="note" role="status">
        {t('visitors.waitingForSync')}
      </p>
    ) : null;
  }
  if (source === 'server') {
    return <p className="note">{t('visitors.onlineOnly')}</p>;
  }
  // Too many searches in a row: say so and when to try again, rather than blame the connection.
  const text = refusal?.code === 'rate_limited' ? tooManyRequestsText(t, locale, refusal.retryAfter) : t('visitors.unavailableText');
  return <EmptyState compact title={t('visitors.unavailable')} text={text} />;
}
