import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './people/icons.tsx';

/** The visitors search field, on the visitors page and in the live page's panel. Debouncing is the caller's. */
export function VisitorSearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {t('visitors.search')}
      </label>
      <SearchIcon />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={t('visitors.searchPlaceholder')}
        autoComplete="off"
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
