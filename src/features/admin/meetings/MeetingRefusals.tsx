import { useTranslation } from 'react-i18next';
import { useAdminActions, type MeetingsRefusal } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * Meeting changes the server refused, with the reason. When meetings were booked outside the new
 * settings since the form looked, the organiser decides here: keep them, or cancel them.
 */
export function MeetingRefusals({ eventId, items }: { eventId: number; items: MeetingsRefusal[] }) {
  const { t } = useTranslation();
  const actions = useAdminActions();
  if (items.length === 0) return null;
  const again = async (r: MeetingsRefusal, outside: 'keep' | 'cancel') => {
    if (r.kind !== 'meetings.settings.set' || !('settings' in r.payload)) return;
    await actions.saveMeetingSettings(eventId, r.payload.settings, outside);
    await actions.dismiss(r.id);
  };
  return (
    <ul className="admin__refusals" role="alert">
      {items.map((r) => (
        <li key={r.id} className="admin-form__clash">
          <p>
            {t('admin.refused', {
              subject: t(r.kind === 'meetings.settings.set' ? 'admin.meetings.settingsSubject' : 'admin.meetings.categoriesSubject'),
              reason: t(`errors.${r.code}`, { defaultValue: t('errors.unknown_error') }),
            })}
          </p>
          <p className="admin__buttons">
            {r.code === 'meetings_outside' ? (
              <>
                <Button size="sm" onClick={() => void again(r, 'keep')}>
                  {t('admin.meetings.keepAndSave')}
                </Button>
                <Button size="sm" variant="danger" onClick={() => void again(r, 'cancel')}>
                  {t('admin.meetings.cancelAndSave')}
                </Button>
              </>
            ) : null}
            <Button size="sm" onClick={() => void actions.dismiss(r.id)}>
              {t('common.dismiss')}
            </Button>
          </p>
        </li>
      ))}
    </ul>
  );
}
