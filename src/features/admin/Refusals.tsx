import { useTranslation } from 'react-i18next';
import { useAdminActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';

/**
 * Changes of this area the server refused (a speech that meets another, a track that is gone…):
 * they stay on screen with the reason until the organiser lets them go, so nothing done offline
 * disappears silently. What the screen shows meanwhile is the server's truth.
 */
export function Refusals({ items }: { items: { id: string; code: string; subject: string }[] }) {
  const { t } = useTranslation();
  const actions = useAdminActions();
  if (items.length === 0) return null;
  return (
    <ul className="admin__refusals" role="alert">
      {items.map((r) => (
        <li key={r.id} className="admin-form__clash">
          <span>
            {t('admin.refused', {
              subject: r.subject || t('admin.refusedSubject'),
              reason: t(`errors.${r.code}`, { defaultValue: t('errors.unknown_error') }),
            })}
          </span>{' '}
          <Button size="sm" onClick={() => void actions.dismiss(r.id)}>
            {t('common.dismiss')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
