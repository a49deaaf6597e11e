import { Navigate, useParams } from 'react-router-dom';
import { useLocalePath } from '../ui/useLocale.ts';

/** The specs' `/{locale}/user/{id}` is the person's profile, `/{locale}/profiles/{id}`. */
export function UserRedirect() {
  const to = useLocalePath();
  const { userId = '' } = useParams();
  return <Navigate replace to={to(`/profiles/${encodeURIComponent(userId)}`)} />;
}
