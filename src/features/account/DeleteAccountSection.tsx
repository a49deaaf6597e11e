import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError, TextField } from '../../ui/form/Field.tsx';
import { accountErrorText, useAccountForm } from './errors.ts';

/** Saves the export as a file the person keeps; a blob URL, so nothing else is fetched. */
function download(data: unknown, userId: number) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `foyer-account-${userId}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Delete my account": the export is downloaded first, then the password removes the account. */
export function DeleteAccountSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const actions = useAccountActions();
  const [exported, setExported] = useState(false);
  const form = useAccountForm(['current_password'] as const, { current_password: '' });
  const [exporting, setExporting] = useState(false);

  const exportNow = async () => {
    setExporting(true);
    form.setFormError(null);
    const result = await actions.exportData();
    setExporting(false);
    if (!result.ok) return form.setFormError(accountErrorText(t, locale, result));
    download(result.data, userId);
    setExported(true);
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!exported || exporting) return;
    const password = form.values.current_password;
    const done = await form.submit(
      () => (!password ? { current_password: t('account.currentRequired') } : window.confirm(t('account.remove.confirm')) ? {} : null),
      () => actions.deleteAccount(password),
    );
    if (done) navigate(`${to('/')}?account_deleted=1`, { replace: true });
  };

  return (
    <form className="settings-section" onSubmit={remove} noValidate aria-labelledby="settings-delete">
      <h2 id="settings-delete">{t('account.remove.title')}</h2>
      <p>{t('account.remove.lead')}</p>
      <FormError>{form.formError}</FormError>
      <div>
        <Button busy={exporting} onClick={exportNow}>
          {t('account.remove.export')}
        </Button>
        {exported ? <p role="status">{t('account.remove.exported')}</p> : null}
      </div>
      {exported ? (
        <>
          <TextField label={t('account.fields.current_password')} type="password" autoComplete="current-password" {...form.field('current_password')} />
          <Button type="submit" variant="danger" busy={form.busy}>
            {t('account.remove.submit')}
          </Button>
        </>
      ) : null}
    </form>
  );
}
