import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Button } from '../ui/Button.tsx';

/**
 * Shown when a screen throws while rendering. The local data is untouched, so reloading is a real
 * way out, and the error itself goes to the console for whoever debugs it, never to the user.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <EmptyState
        icon="!"
        title={t('routeError.title')}
        text={t('routeError.text')}
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      />
    </div>
  );
}
