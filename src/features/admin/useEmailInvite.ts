import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearIfSent } from '../../ui/sentField.ts';
import { looksLikeEmail } from './EmailField.tsx';

/**
 * The one-field form that names a person by email (the team, invitations): checks the address on
 * the device, sends it, and empties the field unless the organiser has typed the next one meanwhile.
 */
export function useEmailInvite(send: (email: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!looksLikeEmail(value)) {
      setProblem(t('admin.team.emailProblem'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const sent = email;
      await send(value);
      setEmail(clearIfSent(sent, ''));
    } finally {
      setBusy(false);
    }
  };
  return { email, setEmail, problem, busy, submit };
}
