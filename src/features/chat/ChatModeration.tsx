import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/**
 * The two moderation steps that cannot be taken back: deleting a comment (it leaves every screen at
 * once, and the server keeps no way to restore it) and blocking its author. Each asks once, in the
 * comment itself, so the moderator sees exactly which comment and whom they are about; Escape or
 * Cancel steps back and focus returns to the button that opened it.
 */

function useFocusOnOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

const escapeTo = (cancel: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Escape') return;
  e.preventDefault();
  e.stopPropagation();
  cancel();
};

export function DeleteConfirm({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const confirm = useFocusOnOpen<HTMLButtonElement>();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the confirmation is a labelled group of two buttons, not form fields
    <div className="chat-confirm" role="group" aria-labelledby={id} onKeyDown={escapeTo(onCancel)}>
      <p className="chat-confirm__question" id={id}>
        {t('chat.deleteQuestion')}
      </p>
      <div className="chat-confirm__actions">
        <Button ref={confirm} size="sm" variant="danger" onClick={onConfirm}>
          {t('chat.deleteConfirm')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}

export function BlockForm({ name, onBlock, onCancel }: { name: string; onBlock(reason: string): Promise<void>; onCancel(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useFocusOnOpen<HTMLInputElement>();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="chat-msg__block"
      onKeyDown={escapeTo(onCancel)}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        onBlock(reason.trim()).finally(() => setBusy(false));
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('chat.blockReasonOf', { name })}</label>
        <input ref={input} id={id} value={reason} maxLength={500} placeholder={t('chat.blockReasonPlaceholder')} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="chat-confirm__actions">
        <Button type="submit" size="sm" variant="danger" busy={busy}>
          {t('chat.blockConfirm', { name })}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
