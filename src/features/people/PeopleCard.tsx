import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PEOPLE_CARD_PHONE_SIZE, PEOPLE_CARD_SIZE, type PeopleTab } from '../../../contract/index.ts';
import { usePeople } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Card } from '../../ui/Card.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { PeopleList } from './PeopleList.tsx';
import { PEOPLE_TAB_IDS } from './usePeopleTabs.ts';
import '../../ui/people/people.css';
import '../../ui/people/visitors-list.css';
import '../../ui/people/profiles.css';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';

/**
 * The home page's people card: five tabs of 16 people and a way to all of them (networking.md §2).
 * A phone shows a few, one under the other, and the way to all of them right below: sixteen cards
 * stacked made the home page several screens tall before anything else.
 */
export function PeopleCard() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [tab, setTab] = useState<PeopleTab>('allVisitors');
  const phone = useMediaQuery('(max-width: 759.98px)');
  const people = usePeople(tab, phone ? PEOPLE_CARD_PHONE_SIZE : PEOPLE_CARD_SIZE);
  const all = to(tab === 'allVisitors' ? '/people' : `/people?tab=${tab}`);
  return (
    <Card
      title={t('home.people')}
      actions={
        <Link className="card__link" to={all}>
          {t('people.viewAll')}
        </Link>
      }
    >
      <Tabs<PeopleTab> label={t('people.tabsLabel')} value={tab} onChange={setTab} tabs={PEOPLE_TAB_IDS.map((id) => ({ id, label: t(`people.tabs.${id}`) }))}>
        <PeopleList page={people.data} isLoading={people.isLoading} />
        {phone && people.data.items.length > 0 ? (
          <p className="people-card__all">
            <Link className="btn btn--secondary" to={all}>
              {t('people.seeAll')}
            </Link>
          </p>
        ) : null}
      </Tabs>
    </Card>
  );
}
