import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanVerdict } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CameraScanner } from '../../ui/scan/CameraScanner.tsx';
import { cardLine, fullName } from './format.ts';

/** What every screen that scans contact codes shows: a field to paste a code into, what a scan came to, and the card holding both with the camera. */

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

/**
 * The card that scans contact codes (by camera or pasted), with what the last one came to. `scan`
 * answers the device's verdict on a code; `added` and `known` are as for ScanResult.
 */
export function ScanSection({
  titleId,
  title,
  lead,
  scan,
  added,
  known,
}: {
  titleId: string;
  title: string;
  lead: string;
  scan(text: string): Promise<ScanVerdict>;
  added(name: string): string;
  known(name: string): string;
}) {
  const [verdict, setVerdict] = useState<ScanVerdict | null>(null);
  const onCode = async (text: string) => setVerdict(await scan(text));
  return (
    <section className="card meet-scan" aria-labelledby={titleId}>
      <h2 id={titleId} className="meet__title">
        {title}
      </h2>
      <p className="muted">{lead}</p>
      {/* Above the camera, so the answer shows on a phone's screen while the camera runs. */}
      {verdict ? <ScanResult verdict={verdict} added={added} known={known} /> : null}
      <CameraScanner onCode={onCode} />
      <PasteCode onCode={onCode} />
    </section>
  );
}
