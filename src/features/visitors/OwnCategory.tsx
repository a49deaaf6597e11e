import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnCategory, type EventView } from '../../data/index.ts';
import { useLocalWrite } from '../../ui/useLocalWrite.ts';

/**
 * On one's own visitor card: the category the visitor files themselves under at this event, from
 * the event's menu (networking.md §5). Queued like every change, so it works offline.
 */
export function OwnCategory({ eventId, menuId, event }: { eventId: number; menuId: number; event: EventView | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const own = useOwnCategory(eventId, menuId);
  const { failed, write } = useLocalWrite('foyer: saving the category failed');
  const menu = event?.options.menu ?? [];
  if (menu.length === 0) return null;
  const choose = (value: string) => write(() => own.set(value === '0' ? null : Number(value)));
  return (
    <div className="field visitor__own-category">
      <label htmlFor={id}>{t('visitors.ownCategory.label')}</label>
      <select id={id} value={String(own.menuId)} onChange={(e) => choose(e.target.value)}>
        <option value="0">{t('visitors.ownCategory.none')}</option>
        {menu.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.name}
          </option>
        ))}
      </select>
      {own.pending ? <span className="muted small"> {t('sync.waiting')}</span> : null}
      {failed ? (
        <span className="form-error" role="alert">
          {t('errors.local_write_failed')}
        </span>
      ) : null}
    </div>
  );
}
