import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons.tsx';

/** A search field with its icon and a label for screen readers. Debouncing is the caller's. */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  className,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  placeholder: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`search-box${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon />
      <input id={id} type="search" value={value} placeholder={placeholder} autoComplete="off" maxLength={100} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** The visitors search field, on the visitors page and in the live page's panel. */
export function VisitorSearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return <SearchBox value={value} onChange={onChange} label={t('visitors.search')} placeholder={t('visitors.searchPlaceholder')} />;
}
