import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, type SessionUser } from '../data/index.ts';
import { LoginPrompt } from './LoginPrompt.tsx';
import { Spinner } from './Spinner.tsx';

/**
 * A page that only makes sense with an account: a spinner until the stored session is read (so a
 * signed-in user never sees the login prompt flash), the prompt for a guest, else the page itself.
 */
export function SignedInOnly({ title, guestText, children }: { title: string; guestText: string; children(user: SessionUser): ReactNode }) {
  const { t } = useTranslation();
  const { user, status } = useSession();
  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={title} text={guestText} />;
  return children(user);
}
