import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isLocale, rememberLocale, storedLocale, swapLocale } from '../ui/locale.ts';
import { useRequestLanguage } from '../data/index.ts';
import { LocaleContext } from '../ui/useLocale.ts';
import { warmFormatters } from './warmFormatters.ts';
import { legacyTarget } from './legacy-links.ts';

/**
 * Every screen lives under a locale prefix. This keeps i18next, `<html lang>` and the remembered
 * choice in step with the URL; a path without a known prefix (an old link such as /events/5) is sent
 * to the same path in the user's language instead of a dead end.
 */
export function LocaleRoot() {
  const { locale } = useParams();
  const location = useLocation();
  const { i18n } = useTranslation();
  const valid = isLocale(locale);
  useRequestLanguage(valid ? locale : undefined);

  useEffect(() => {
    if (!valid) return;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
    rememberLocale(locale);
  }, [valid, locale, i18n]);

  useEffect(() => (valid ? warmFormatters(locale) : undefined), [valid, locale]);

  if (!valid) {
    const old = legacyTarget(`${location.pathname}${location.search}${location.hash}`, storedLocale());
    return <Navigate replace to={old ?? swapLocale(location.pathname, location.search, location.hash, storedLocale())} />;
  }
  return (
    <LocaleContext.Provider value={locale}>
      <Outlet />
    </LocaleContext.Provider>
  );
}
