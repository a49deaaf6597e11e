import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanVerdict } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { cardLine, fullName } from './format.ts';

/** What every screen that scans contact codes shows: a field to paste a code into, and what a scan came to. */

export function PasteCode({ onCode }: { onCode(text: string): Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      await onCode(text);
      setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="meet-paste" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>{t('contacts.meet.pasteLabel')}</label>
      <div className="meet-paste__row">
        <input id={id} name="code" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} maxLength={2600} />
        <Button type="submit" busy={busy}>
          {t('contacts.meet.pasteAdd')}
        </Button>
      </div>
    </form>
  );
}

/** What the device made of a scanned code; `added` and `known` say it for the screen (a contact, a stand's lead). */
export function ScanResult({ verdict, added, known }: { verdict: ScanVerdict; added(name: string): string; known(name: string): string }) {
  const { t } = useTranslation();
  if (verdict.kind === 'refused') {
    const text = verdict.reason === 'no_key' ? t('contacts.meet.noKey') : t(`errors.${verdict.reason}`);
    return (
      <div className="meet-result meet-result--refused" role="alert" data-result="refused">
        {text}
      </div>
    );
  }
  const card = verdict.card;
  return (
    <div className="meet-result meet-result--added" role="status" data-result={verdict.kind}>
      <p className="meet-result__head">{verdict.kind === 'added' ? added(fullName(card)) : known(fullName(card))}</p>
      {cardLine(card) ? <p>{cardLine(card)}</p> : null}
      {card.email ? <p>{card.email}</p> : null}
      {card.phone ? <p>{card.phone}</p> : null}
    </div>
  );
}
