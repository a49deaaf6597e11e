import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useOrganiserActions, useSyncStatus, type DoorStaffMember } from '../../data/index.ts';
import { clearIfSent } from '../../ui/sentField.ts';
import { parseStaffTarget } from './staff.ts';

/**
 * The door staff of one event as the server lists them, loaded while online, and naming or
 * removing one. `busy` is 'add' while naming, or the user id of the one being removed.
 */
export function useDoorStaff(eventId: number) {
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

  return { offline, items, text, setText, busy, error, invited, add, remove };
}
