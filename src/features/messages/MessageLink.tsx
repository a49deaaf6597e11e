import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLocalePath } from '../../app/useLocale.ts';
import { buttonClass } from '../../ui/Button.tsx';

/**
 * Opens the dialog with a person on the messages screen. Whether they may write is decided there
 * (an approved meeting), so every screen's Message button can simply link.
 */
export function MessageLink({ userId, children, variant = 'secondary', onClick }: { userId: number; children: ReactNode; variant?: 'secondary' | 'ghost' | 'primary'; onClick?(): void }) {
  const to = useLocalePath();
  return (
    <Link className={buttonClass(variant, 'sm')} to={to(`/profile/mymessages?user_id=${userId}`)} onClick={onClick}>
      {children}
    </Link>
  );
}
