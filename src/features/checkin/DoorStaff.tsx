import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorStaffMember } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Field, FormError } from '../../ui/form/Field.tsx';
import { useDoorStaff } from './useDoorStaff.ts';

/**
 * The door staff an owner names (GET/POST /api/checkin/staff, POST /api/checkin/staff/remove).
 * Online only: naming staff is an organiser setting, not a venue action, and the list is the
 * server's, so offline the card says it needs a connection instead of showing a stale list.
 */
export function DoorStaff({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { offline, items, text, setText, busy, error, invited, add, remove } = useDoorStaff(eventId);

  if (offline) return <p className="muted">{t('organiser.needsConnection')}</p>;

  return (
    <div className="door-staff">
      <StaffList items={items} failed={Boolean(error)} busy={busy} onRemove={(userId) => void remove(userId)} />
      <form className="door-manual" onSubmit={(e) => void add(e)}>
        <Field id={id} label={t('door.staff.addLabel')}>
          <input
            name="staff"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('door.staff.addPlaceholder')}
          />
        </Field>
        <Button type="submit" variant="primary" busy={busy === 'add'} disabled={!text.trim() || busy !== null}>
          {t('door.staff.add')}
        </Button>
      </form>
      {invited ? (
        <p className="muted" role="status">
          {t('door.staff.invited', { email: invited })}
        </p>
      ) : null}
      {error ? (
        <FormError>{error === 'staff_target' ? t('door.staff.badTarget') : error === 'not_found' ? t('door.staff.notFound') : t(`errors.${error}`)}</FormError>
      ) : null}
    </div>
  );
}

/** The staff named so far, each with a button to remove them; a spinner until the first answer, unless it failed. */
function StaffList({
  items,
  failed,
  busy,
  onRemove,
}: {
  items: DoorStaffMember[] | null;
  failed: boolean;
  busy: 'add' | number | null;
  onRemove(userId: number): void;
}) {
  const { t } = useTranslation();
  if (items === null && !failed) return <Spinner label={t('common.loading')} />;
  if (!items) return null;
  if (items.length === 0) return <p className="muted">{t('door.staff.none')}</p>;
  return (
    <ul className="door-staff__list">
      {items.map((s) => {
        const name = `${s.first_name} ${s.last_name}`.trim() || t('door.staff.userNumber', { id: s.user_id });
        return (
          <li key={s.user_id} className="door-staff__item">
            <div>
              <p className="door-search__name">{name}</p>
              {s.email ? <p className="muted small">{s.email}</p> : null}
            </div>
            <Button
              size="sm"
              variant="ghost"
              busy={busy === s.user_id}
              disabled={busy !== null}
              onClick={() => onRemove(s.user_id)}
              aria-label={t('door.staff.removeOf', { name })}
            >
              {t('door.staff.remove')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
