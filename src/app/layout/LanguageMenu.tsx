import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../contract/constants.ts';
import { Menu } from '../../ui/Menu.tsx';
import { LANGUAGE_NAMES, swapLocale } from '../../ui/locale.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { Icon } from '../../ui/icons.tsx';

/** Switches the language in place: same screen, same query, only the locale prefix changes. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <Menu
      label={t('header.languageLabel', { language: locale.toUpperCase() })}
      trigger={
        <>
          <GlobeIcon />
          <span className="menu__code">{locale.toUpperCase()}</span>
        </>
      }
    >
      {(close) => (
        <ul className="menu__list">
          {LOCALES.map((l) => (
            <li key={l}>
              <Link
                className="menu__item"
                to={swapLocale(pathname, search, hash, l)}
                lang={l}
                hrefLang={l}
                aria-current={l === locale ? 'true' : undefined}
                onClick={() => {
                  // Switching before the route changes avoids one frame of the old language.
                  void i18n.changeLanguage(l);
                  close();
                }}
              >
                {LANGUAGE_NAMES[l]}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Menu>
  );
}

function GlobeIcon() {
  return (
    <Icon size={18}>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </Icon>
  );
}
