import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError, TextField } from '../../ui/form/Field.tsx';
import { useAccountForm } from './errors.ts';
import { NewPasswordField, newPasswordText } from './NewPassword.tsx';

const FIELDS = ['current_password', 'password'] as const;
const EMPTY = { current_password: '', password: '' };

/** Change password: needs the current one; every other device is signed out. */
export function PasswordForm({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const actions = useAccountActions();
  const form = useAccountForm(FIELDS, EMPTY);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const { current_password, password } = form.values;
    const changed = await form.submit(
      () => ({
        current_password: current_password ? undefined : t('account.currentRequired'),
        password: newPasswordText(t, password),
      }),
      () => actions.changePassword(current_password, password),
    );
    if (!changed) return;
    form.reset(EMPTY);
    setDone(true);
    onChanged();
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-labelledby="settings-password">
      <h3 id="settings-password">{t('account.password.title')}</h3>
      <FormError>{form.formError}</FormError>
      <TextField label={t('account.fields.current_password')} type="password" autoComplete="current-password" {...form.field('current_password')} />
      <NewPasswordField {...form.field('password')} />
      <Button type="submit" variant="primary" busy={form.busy}>
        {t('account.password.submit')}
      </Button>
      {done ? <p role="status">{t('account.password.done')}</p> : null}
    </form>
  );
}
