import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useLocalePath } from '../ui/useLocale.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

export function NotFound() {
  const { t } = useTranslation();
  const to = useLocalePath();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page">
      <EmptyState
        icon="404"
        heading
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Link className="btn btn--primary" to={to('/')}>
            {t('notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
