import { useTranslation } from 'react-i18next';
import type { NotifyEmailKind } from '../../../contract/accounts.ts';
import { PUSH_NOTIFY_KINDS } from '../../../contract/push.ts';
import { usePushDevice } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/form/Field.tsx';
import { NotifyChecks } from './NotifyChecks.tsx';

/**
 * Notifications when Foyer is closed (Web Push, issue 31): this browser's subscription, turned on
 * and off here, and the kinds that come as a push, which are the person's on every device.
 */
export function PushChecks({ prefs, onChange }: { prefs: Partial<Record<NotifyEmailKind, boolean>>; onChange: (kind: NotifyEmailKind, on: boolean) => void }) {
  const { t } = useTranslation();
  const device = usePushDevice();
  const note = device.state === 'unsupported' ? 'unsupported' : device.state === 'blocked' ? 'blocked' : device.state === 'on' ? 'on' : null;
  return (
    <fieldset className="settings-checks" aria-describedby="settings-push-lead">
      <legend>{t('account.preferences.push.title')}</legend>
      <p className="muted" id="settings-push-lead">
        {t('account.preferences.push.lead')}
      </p>
      {note ? <p role="status">{t(`account.preferences.push.${note}`)}</p> : null}
      {device.state === 'on' ? (
        <Button size="sm" onClick={() => void device.disable()}>
          {t('account.preferences.push.disable')}
        </Button>
      ) : device.state === 'off' || device.state === 'busy' ? (
        <Button size="sm" variant="primary" busy={device.state === 'busy'} onClick={() => void device.enable()}>
          {t('account.preferences.push.enable')}
        </Button>
      ) : null}
      <FormError>{device.failed ? t('account.preferences.push.failed') : null}</FormError>
      <p className="muted">{t('account.preferences.push.kinds')}</p>
      <NotifyChecks kinds={PUSH_NOTIFY_KINDS} prefs={prefs} name="push" onChange={onChange} />
    </fieldset>
  );
}
