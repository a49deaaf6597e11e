import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal.tsx';

export interface SelectOption<V extends string | number> {
  value: V;
  name: string;
  count: number;
}

export interface SelectModalProps<V extends string | number> {
  open: boolean;
  title: string;
  /** The "all" entry's label. */
  allLabel: string;
  options: SelectOption<V>[];
  /** The current choice; undefined is "all". */
  value: V | undefined;
  onConfirm(value: V | undefined): void;
  onCancel(): void;
}

/**
 * The country and city selects of the visitors page (networking.md §2): a searchable list with an
 * "all" entry and each entry as name with its number of visitors, then confirm or cancel. Radio
 * buttons, so arrow keys move through the entries and the choice is announced.
 */
export function SelectModal<V extends string | number>({ open, title, allLabel, options, value, onConfirm, onCancel }: SelectModalProps<V>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [choice, setChoice] = useState<V | undefined>(value);
  const [openedWith, setOpenedWith] = useState<{ open: boolean; value: V | undefined }>({ open, value });
  const searchId = useId();
  const name = useId();
  // Each opening starts from the current choice and an empty search.
  if (openedWith.open !== open || openedWith.value !== value) {
    setOpenedWith({ open, value });
    setChoice(value);
    setQuery('');
  }
  const needle = query.trim().toLocaleLowerCase();
  const shown = useMemo(() => (needle ? options.filter((o) => o.name.toLocaleLowerCase().includes(needle)) : options), [options, needle]);

  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onConfirm(choice)}>
            {t('common.confirm')}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={searchId}>{t('visitors.select.search')}</label>
        <input id={searchId} type="search" value={query} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      </div>
      <fieldset className="select-list">
        <legend className="visually-hidden">{title}</legend>
        <label className="select-list__item">
          <input type="radio" name={name} checked={choice === undefined} onChange={() => setChoice(undefined)} />
          <span>{allLabel}</span>
        </label>
        {shown.map((o) => (
          <label key={String(o.value)} className="select-list__item">
            <input type="radio" name={name} checked={choice === o.value} onChange={() => setChoice(o.value)} />
            <span>{o.name}</span>
            <span className="select-list__count">{o.count}</span>
          </label>
        ))}
        {shown.length === 0 ? <p className="muted">{t('visitors.select.nothing')}</p> : null}
      </fieldset>
    </Modal>
  );
}
