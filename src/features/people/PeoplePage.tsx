import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PEOPLE_CARD_SIZE, type PeopleTab } from '../../../contract/index.ts';
import { usePeople } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { PeopleList } from './PeopleList.tsx';
import { isPeopleTab, PEOPLE_TAB_IDS } from './usePeopleTabs.ts';
import '../../ui/people/people.css';
import '../../ui/people/visitors-list.css';
import '../../ui/people/profiles.css';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** /people: the full list behind the people card, the tab kept in the address, 16 more at a time. */
export function PeoplePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: PeopleTab = isPeopleTab(raw) ? raw : 'allVisitors';
  const [limit, setLimit] = useState(PEOPLE_CARD_SIZE);
  const people = usePeople(tab, limit);
  useDocumentTitle(t('people.title'));

  const choose = (next: PeopleTab) => {
    setLimit(PEOPLE_CARD_SIZE);
    setParams(next === 'allVisitors' ? {} : { tab: next }, { replace: true });
  };
  const { items, total } = people.data;
  const more = items.length < total && items.length >= limit;

  return (
    <div className="page">
      <PageHeader title={t('people.title')} lead={t('people.lead')} />
      <Tabs label={t('people.tabsLabel')} value={tab} onChange={choose} tabs={PEOPLE_TAB_IDS.map((id) => ({ id, label: t(`people.tabs.${id}`) }))}>
        <PeopleList page={people.data} isLoading={people.isLoading} />
        {items.length > 0 ? (
          <div className="list-footer">
            <p className="muted" aria-live="polite">
              {t('common.shownOf', { shown: items.length, total })}
            </p>
            {more ? (
              <button type="button" className="btn btn--secondary" onClick={() => setLimit((n) => n + PEOPLE_CARD_SIZE)}>
                {t('common.loadMore')}
              </button>
            ) : null}
          </div>
        ) : null}
      </Tabs>
    </div>
  );
}
