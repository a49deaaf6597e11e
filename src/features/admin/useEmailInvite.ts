import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearIfSent } from '../../ui/sentField.ts';
import { looksLikeEmail } from './EmailField.tsx';

/**
 * A form that names a person by email (the team, invitations, a stand's people), with whatever else
 * it asks of them in `draft`: checks the address on the device, sends it, and empties the form
 * unless the organiser has typed the next one meanwhile (the draft is one object, so "still what
 * was sent" is a single identity check).
 */
export function useEmailInvite<D extends { email: string }>(empty: D, send: (email: string, draft: D) => Promise<unknown>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const edit = (change: Partial<D>) => setDraft((d) => ({ ...d, ...change }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = draft.email.trim();
    if (!looksLikeEmail(value)) {
      setProblem(t('admin.team.emailProblem'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const sent = draft;
      await send(value, draft);
      setDraft(clearIfSent(sent, empty));
    } finally {
      setBusy(false);
    }
  };
  return { draft, edit, problem, busy, submit };
}
