import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PEOPLE_CARD_SIZE, type PeopleTab } from '../../../contract/index.ts';
import { usePeople } from '../../data/index.ts';
import { useLocalePath } from '../../app/useLocale.ts';
import { Card } from '../../ui/Card.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { PeopleList } from './PeopleList.tsx';
import { PEOPLE_TAB_IDS } from './usePeopleTabs.ts';
import './networking.css';

/** The home page's people card: five tabs of 16 people and a way to all of them (networking.md §2). */
export function PeopleCard() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [tab, setTab] = useState<PeopleTab>('allVisitors');
  const people = usePeople(tab, PEOPLE_CARD_SIZE);
  return (
    <Card
      title={t('home.people')}
      actions={
        <Link className="card__link" to={to(tab === 'allVisitors' ? '/people' : `/people?tab=${tab}`)}>
          {t('people.viewAll')}
        </Link>
      }
    >
      <Tabs<PeopleTab> label={t('people.tabsLabel')} value={tab} onChange={setTab} tabs={PEOPLE_TAB_IDS.map((id) => ({ id, label: t(`people.tabs.${id}`) }))}>
        <PeopleList page={people.data} isLoading={people.isLoading} />
      </Tabs>
    </Card>
  );
}
