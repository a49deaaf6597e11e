import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAccountActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { AccountField } from './AccountField.tsx';
import { accountErrorText, placeError } from './errors.ts';

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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);

  const exportNow = async () => {
    setBusy('export');
    setFormError(null);
    const result = await actions.exportData();
    setBusy(null);
    if (!result.ok) return setFormError(accountErrorText(t, locale, result));
    download(result.data, userId);
    setExported(true);
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!exported || busy) return;
    if (!password) return setError(t('account.currentRequired'));
    if (!window.confirm(t('account.remove.confirm'))) return;
    setBusy('delete');
    setError(null);
    setFormError(null);
    const result = await actions.deleteAccount(password);
    setBusy(null);
    if (result.ok) return navigate(`${to('/')}?account_deleted=1`, { replace: true });
    const placed = placeError(t, locale, result, ['current_password'] as const);
    setError(placed.field.current_password ?? null);
    setFormError(placed.form);
  };

  return (
    <form className="settings-section" onSubmit={remove} noValidate aria-labelledby="settings-delete">
      <h2 id="settings-delete">{t('account.remove.title')}</h2>
      <p>{t('account.remove.lead')}</p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div>
        <Button busy={busy === 'export'} onClick={exportNow}>
          {t('account.remove.export')}
        </Button>
        {exported ? <p role="status">{t('account.remove.exported')}</p> : null}
      </div>
      {exported ? (
        <>
          <AccountField
            label={t('account.fields.current_password')}
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={setPassword}
          />
          <Button type="submit" variant="danger" busy={busy === 'delete'}>
            {t('account.remove.submit')}
          </Button>
        </>
      ) : null}
    </form>
  );
}
