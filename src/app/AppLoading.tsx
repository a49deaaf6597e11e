import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * What a screen shows while its code is still arriving (router.tsx screen()): the first time it is
 * opened, by a link, a deep link or a reload. Drawn inside the layout's <main>, so it is not one.
 */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="app-loading">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
