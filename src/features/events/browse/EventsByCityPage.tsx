import { useTranslation } from 'react-i18next';
import { useEventCities } from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { BrowseEvents } from './BrowseEvents.tsx';

/** /{locale}/events?city={id}; without a city it is the list of all events. */
export function EventsByCityPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const cities = useEventCities();
  return (
    <BrowseEvents
      param="city"
      options={cities}
      optionsLabel={t('browse.cities')}
      alternative={{ href: to('/events/list'), label: t('browse.byCategory') }}
      allLabel={t('browse.allCities')}
      title={(selected) => (selected ? t('browse.cityTitle', { name: selected.name }) : t('browse.citiesTitle'))}
    />
  );
}
