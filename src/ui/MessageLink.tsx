import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLocalePath } from './useLocale.ts';
import { buttonClass } from './Button.tsx';

/**
 * Opens the dialog with a person on the messages screen. Screens show it only where the user may
 * write (useMayMessage: an approved meeting or a dialog); the messages screen says why not to
 * anyone who arrives otherwise, by an old link say.
 */
export function MessageLink({
  userId,
  children,
  variant = 'secondary',
  onClick,
}: {
  userId: number;
  children: ReactNode;
  variant?: 'secondary' | 'ghost' | 'primary';
  onClick?(): void;
}) {
  const to = useLocalePath();
  return (
    <Link className={buttonClass(variant, 'sm')} to={to(`/profile/mymessages?user_id=${userId}`)} onClick={onClick}>
      {children}
    </Link>
  );
}
