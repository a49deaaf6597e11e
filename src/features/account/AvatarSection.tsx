import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../../contract/avatars.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions, type AccountResult, type OwnProfile } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/form/Field.tsx';
import { accountErrorText } from './errors.ts';

type AvatarResult = AccountResult<{ avatar: string }>;
type AvatarWork = () => Promise<AvatarResult>;

/** The person's picture: uploaded (cropped square by the server), or the drawn initials. Needs the network. */
export function AvatarSection({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useAccountActions();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const src = shown ?? avatarUrl(profile.user_id, profile.avatar);

  const run = async (work: AvatarWork) => {
    setBusy(true);
    setError(null);
    const result = await work();
    setBusy(false);
    if (result.ok) setShown(avatarUrl(profile.user_id, result.data.avatar));
    else setError(accountErrorText(t, locale, result));
  };

  return (
    <section className="settings-section settings-avatar" aria-labelledby="settings-avatar">
      <h2 id="settings-avatar">{t('account.avatar.title')}</h2>
      <img className="settings-avatar__img" src={src} alt={t('account.avatar.alt')} width={96} height={96} />
      <Field id={id} label={t('account.avatar.choose')} hint={t('account.avatar.hint')} error={error}>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void run(() => actions.uploadAvatar(file));
            e.target.value = '';
          }}
        />
      </Field>
      {src.endsWith('.svg') ? null : (
        <Button size="sm" busy={busy} onClick={() => void run(() => actions.removeAvatar())}>
          {t('account.avatar.remove')}
        </Button>
      )}
    </section>
  );
}
