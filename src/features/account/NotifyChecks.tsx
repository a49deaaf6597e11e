import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyEmailOn, type NotifyEmailKind } from '../../../contract/accounts.ts';

/**
 * One switch per notice kind, for the email notices and the pushes alike; what was just chosen
 * shows at once, the queued command reaches the overlaid profile a moment later.
 */
export function NotifyChecks({
  kinds,
  prefs,
  name,
  disabled,
  onChange,
}: {
  kinds: readonly NotifyEmailKind[];
  prefs: Partial<Record<NotifyEmailKind, boolean>>;
  name: string;
  disabled?: boolean;
  onChange: (kind: NotifyEmailKind, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Partial<Record<NotifyEmailKind, boolean>>>({});
  return kinds.map((kind) => (
    <label key={kind}>
      <input
        type="checkbox"
        name={`${name}-${kind}`}
        disabled={disabled}
        checked={chosen[kind] ?? notifyEmailOn(prefs, kind)}
        onChange={(e) => {
          const on = e.target.checked;
          setChosen((c) => ({ ...c, [kind]: on }));
          onChange(kind, on);
        }}
      />{' '}
      {t(`account.preferences.notify.${kind}`)}
    </label>
  ));
}
