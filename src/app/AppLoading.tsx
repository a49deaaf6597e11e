import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * What the router shows while the first screen's code is still arriving (a lazy route opened by a
 * deep link or a reload): the router's HydrateFallback. Without one it renders nothing and warns.
 */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <main className="main app-loading" id="main">
      <Spinner label={t('common.loading')} />
    </main>
  );
}
