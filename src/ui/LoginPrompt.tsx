import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyPage } from './EmptyState.tsx';
import { useLoginHref } from './useRequireLogin.ts';

/** What a guest sees on a screen that only makes sense with an account: why, and the way in. */
export function LoginPrompt({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const loginHref = useLoginHref();
  return (
    <EmptyPage
      title={title}
      text={text}
      action={
        <Link className="btn btn--primary" to={loginHref}>
          {t('header.login')}
        </Link>
      }
    />
  );
}
