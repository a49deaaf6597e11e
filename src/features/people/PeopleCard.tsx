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
import { useNearScreen } from '../../ui/useDrawnLater.ts';

/**
 * The home page's people card: five tabs of 16 people and a way to all of them (networking.md §2).
 * A phone shows a few, one under the other, and the way to all of them right below: sixteen cards
 * stacked made the home page several screens tall before anything else.
 *
 * The card is the last one on home, below the first screen on a phone and on most laptops. Its
 * heading and link are drawn at once; its tabs and people (their read, their avatars) only when the
 * card comes near the screen. On a first visit at 4× CPU they were about a fifth of the main
 * thread's work (bench:first-visit-ratio), for a part few first visits scroll to.
 */
export function PeopleCard() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [tab, setTab] = useState<PeopleTab>('allVisitors');
  const [ref, near] = useNearScreen<HTMLDivElement>();
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
      {near ? (
        <PeopleTabs tab={tab} onTab={setTab} all={all} />
      ) : (
        // Empty, not a spinner: nothing is loading until someone comes near.
        <div ref={ref} className="people-card__later" />
      )}
    </Card>
  );
}

function PeopleTabs({ tab, onTab, all }: { tab: PeopleTab; onTab: (tab: PeopleTab) => void; all: string }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 759.98px)');
  const people = usePeople(tab, phone ? PEOPLE_CARD_PHONE_SIZE : PEOPLE_CARD_SIZE);
  return (
    <Tabs<PeopleTab> label={t('people.tabsLabel')} value={tab} onChange={onTab} tabs={PEOPLE_TAB_IDS.map((id) => ({ id, label: t(`people.tabs.${id}`) }))}>
      <PeopleList page={people.data} isLoading={people.isLoading} />
      {phone && people.data.items.length > 0 ? (
        <p className="people-card__all">
          <Link className="btn btn--secondary" to={all}>
            {t('people.seeAll')}
          </Link>
        </p>
      ) : null}
    </Tabs>
  );
}
