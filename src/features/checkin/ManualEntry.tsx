import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { clearIfSent } from '../../ui/sentField.ts';
import { Field } from '../../ui/form/Field.tsx';

/**
 * The code field: a ticket code typed from a printout, or the whole signed text (a hand-held
 * scanner that types like a keyboard ends with Enter, which submits). Cleared after each scan and
 * focused again, so the next one can follow at once.
 */
export function ManualEntry({ onCode, busy }: { onCode(text: string): Promise<void>; busy: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const code = text.trim();
    if (!code) return;
    const sent = text;
    await onCode(code);
    setText(clearIfSent(sent, ''));
    input.current?.focus();
  };
  return (
    <form className="door-manual" onSubmit={(e) => void submit(e)}>
      <Field id={id} label={t('door.manual.label')}>
        <input
          ref={input}
          name="code"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('door.manual.placeholder')}
        />
      </Field>
      <Button type="submit" variant="primary" busy={busy} disabled={!text.trim()}>
        {t('door.manual.submit')}
      </Button>
    </form>
  );
}
