import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../contract/accounts.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError, TextField, type TextFieldProps } from '../../ui/form/Field.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useAccountForm } from './errors.ts';

/**
 * Choosing a new password with a reset token, the last step of a reset link and of undoing an
 * email change: the password is checked here, the server signs this device in and every other
 * out, and the settings page says so.
 */
export function useNewPassword(resetToken: string | null) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const actions = useAccountActions();
  const form = useAccountForm(['password'] as const, { password: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!resetToken) return;
    const { password } = form.values;
    const done = await form.submit(
      () => ({ password: newPasswordText(t, password) }),
      () => actions.resetPassword(resetToken, password),
    );
    if (done) navigate(`${to('/profile/settings')}?reset=1`, { replace: true });
  };
  return { form, submit };
}

/** What is wrong with a password someone chooses, by the server's rules, in words; undefined when nothing is. */
export function newPasswordText(t: TFunction, password: string): string | undefined {
  const problem = passwordProblem(password);
  return problem ? t(`errors.${problem}`) : undefined;
}

/** The field of a password being chosen (signing up, changing it, a reset), with the rules as its hint. */
export function NewPasswordField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'hint'>) {
  const { t } = useTranslation();
  return <TextField label={t('account.fields.new_password')} type="password" autoComplete="new-password" hint={t('account.passwordHint')} {...props} />;
}

/** A refusal of a link, with the way to ask for a new one. */
export function LinkRefused({ text, again }: { text: string | null; again?: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (!text) return null;
  return (
    <FormError>
      {text} <Link to={to('/account/forgot')}>{again ? t('account.forgot.again') : t('account.forgot.link')}</Link>
    </FormError>
  );
}

export function NewPasswordFields({ form }: Pick<ReturnType<typeof useNewPassword>, 'form'>) {
  const { t } = useTranslation();
  return (
    <>
      <NewPasswordField {...form.field('password')} />
      <Button type="submit" variant="primary" busy={form.busy} className="auth__submit">
        {t('account.reset.submit')}
      </Button>
    </>
  );
}
