import { useTranslation } from 'react-i18next';
import { CHAT_FILTERS, type ChatFilter } from './filter.ts';

/** The three filter choices above the comments, as a group of toggle buttons. */
export function ChatFilterBar({ value, onChange }: { value: ChatFilter; onChange: (f: ChatFilter) => void }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not form fields
    <div className="chat__filter" role="group" aria-label={t('chat.filter.label')}>
      {CHAT_FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          className={`btn btn--ghost btn--sm${f === value ? ' is-active' : ''}`}
          aria-pressed={f === value}
          onClick={() => onChange(f)}
        >
          {t(`chat.filter.${f}`)}
        </button>
      ))}
    </div>
  );
}
