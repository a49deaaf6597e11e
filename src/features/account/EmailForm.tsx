import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../contract/accounts.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError, TextField } from '../../ui/form/Field.tsx';
import { useAccountForm } from './errors.ts';

const FIELDS = ['email', 'password'] as const;
const EMPTY = { email: '', password: '' };

/** Change email: the password, then a link to the new address makes it the sign-in address. */
export function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useAccountActions();
  const form = useAccountForm(FIELDS, EMPTY);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const email = form.values.email.trim();
    const { password } = form.values;
    const sent = await form.submit(
      () => ({
        email: !isEmail(email) ? t('errors.invalid_email') : email.toLowerCase() === current.toLowerCase() ? t('account.email.same') : undefined,
        password: password ? undefined : t('account.currentRequired'),
      }),
      () => actions.changeEmail(password, email, locale),
    );
    if (!sent) return;
    setSentTo(email);
    form.reset(EMPTY);
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="settings-email">
      <h3 id="settings-email">{t('account.email.title')}</h3>
      <p className="muted">{t('account.email.current', { email: current })}</p>
      <FormError>{form.formError}</FormError>
      <TextField label={t('account.fields.new_email')} type="email" autoComplete="email" {...form.field('email')} />
      <TextField label={t('account.fields.current_password')} type="password" autoComplete="current-password" {...form.field('password')} />
      <Button type="submit" variant="primary" busy={form.busy}>
        {t('account.email.submit')}
      </Button>
      {sentTo ? <p role="status">{t('account.email.sent', { email: sentTo })}</p> : null}
    </form>
  );
}
