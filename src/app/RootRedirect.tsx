import { Navigate, useLocation } from 'react-router-dom';
import { storedLocale } from '../ui/locale.ts';

/** "/" opens the home page in the language chosen last time, or in the default language. */
export function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate replace to={`/${storedLocale()}${search}${hash}`} />;
}
