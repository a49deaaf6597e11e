import { useTranslation } from 'react-i18next';
import { useEventCategories } from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { BrowseEvents } from './BrowseEvents.tsx';

/** /{locale}/events/list?category={id} */
export function EventsByCategoryPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const categories = useEventCategories();
  return (
    <BrowseEvents
      param="category"
      options={categories}
      optionsLabel={t('browse.categories')}
      alternative={{ href: to('/events'), label: t('browse.byCity') }}
      allLabel={t('browse.allCategories')}
      title={(selected) => (selected ? t('browse.categoryTitle', { name: selected.name }) : t('browse.categoriesTitle'))}
    />
  );
}
