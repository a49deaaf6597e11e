import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganiserActions, useSyncStatus, type DoorStaffMember } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { parseStaffTarget } from './staff.ts';
import { clearIfSent } from '../../ui/sentField.ts';
import { Field, FormError } from '../../ui/form/Field.tsx';

/**
 * The door staff an owner names (GET/POST /api/checkin/staff, POST /api/checkin/staff/remove).
 * Online only: naming staff is an organiser setting, not a venue action, and the list is the
 * server's, so offline the card says it needs a connection instead of showing a stale list.
 */
export function DoorStaff({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useOrganiserActions();
  const offline = useSyncStatus().state === 'offline';
  const [items, setItems] = useState<DoorStaffMember[] | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<'add' | number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An email is invited, whoever it belongs to: the person joins the list once they accept.
  const [invited, setInvited] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      actions.listDoorStaff(eventId, signal).then(
        (list) => {
          setItems(list);
          setError(null);
        },
        (err: unknown) => {
          if (signal?.aborted) return;
          setError(err instanceof Error ? err.message : 'unknown_error');
        },
      ),
    [actions, eventId],
  );

  useEffect(() => {
    if (offline) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, offline]);

  if (offline) return <p className="muted">{t('organiser.needsConnection')}</p>;

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const who = parseStaffTarget(text);
    if (!who) {
      setError('staff_target');
      return;
    }
    setBusy('add');
    setError(null);
    try {
      const sent = text;
      await actions.addDoorStaff(eventId, who);
      setInvited('email' in who ? who.email : null);
      setText(clearIfSent(sent, ''));
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'unknown_error');
    } finally {
      setBusy(null);
    }
  };

  const remove = async (userId: number) => {
    setBusy(userId);
    try {
      await actions.removeDoorStaff(eventId, userId);
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'unknown_error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="door-staff">
      {items === null && !error ? (
        <Spinner label={t('common.loading')} />
      ) : items && items.length === 0 ? (
        <p className="muted">{t('door.staff.none')}</p>
      ) : items ? (
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
                  onClick={() => void remove(s.user_id)}
                  aria-label={t('door.staff.removeOf', { name })}
                >
                  {t('door.staff.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
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
