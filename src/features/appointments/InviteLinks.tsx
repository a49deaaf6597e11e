import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteLink } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';

/** The invitation links, one per person invited, each in a field to select and with a copy button. */
export function InviteLinkList({ links }: { links: InviteLink[] }) {
  const { t } = useTranslation();
  return (
    <ul className="invite-links">
      {links.map((l) => (
        <li key={l.id} className="invite-links__item">
          <span className="invite-links__name">{l.full_name || t('appointments.someone')}</span>
          <input
            className="invite-links__url"
            readOnly
            value={l.url}
            aria-label={t('appointments.invite.linkOf', { name: l.full_name || t('appointments.someone') })}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton text={l.url} />
        </li>
      ))}
    </ul>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    // The clipboard needs a secure context and permission; when refused, the field beside the button can be selected by hand.
    const write = typeof navigator !== 'undefined' && navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'));
    write.then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <Button size="sm" onClick={copy} aria-live="polite">
      {state === 'copied' ? t('appointments.invite.copied') : state === 'failed' ? t('appointments.invite.copyFailed') : t('appointments.invite.copy')}
    </Button>
  );
}
