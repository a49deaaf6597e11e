import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_INVITES_MAX } from '../../../contract/appointments.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../contract/constants.ts';
import { useAppointment, useInviteToMeeting, useSyncStatus, useVisitors, type InviteLink, type VisitorsFilter } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** Enough to pick from while typing narrows the rest; the list is a picker, not a directory. */
const CANDIDATES_SHOWN = 30;

/**
 * The invite modal (networking.md §2): a multi-select of the event's visitors with search, cancel
 * and invite; afterwards the invitation links with a copy button each, and done. The candidates
 * come from useVisitors, so they are the device's own copy of the event's visitors (searched
 * locally) and, for an event the device does not hold, the server's get-event-people search. The
 * invitation itself is online only (useInviteToMeeting says why).
 */
export function InviteModal({ meetingId, onClose, onInvited }: { meetingId: number; onClose(): void; onInvited(): void }) {
  const { t } = useTranslation();
  const { data: meeting } = useAppointment(meetingId);
  const invite = useInviteToMeeting();
  const sync = useSyncStatus();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [links, setLinks] = useState<InviteLink[] | null>(null);
  const searchId = useId();

  // networking.md §5: searches wait for a 500 ms pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const filter = useMemo<VisitorsFilter>(() => ({ search: query, sort: 'name', order: 'asc', limit: CANDIDATES_SHOWN }), [query]);
  const visitors = useVisitors(meeting?.event_id ?? 0, filter);
  // The two people of the meeting are in the call already; the server refuses them too.
  const candidates = visitors.data.items.filter((v) => !v.is_me && v.user_id !== meeting?.other_user_id);
  const offline = sync.state === 'offline';
  const full = chosen.size >= APPOINTMENT_INVITES_MAX;

  const toggle = (id: number, name: string) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else if (next.size < APPOINTMENT_INVITES_MAX) next.set(id, name);
      return next;
    });

  const submit = () => {
    if (!chosen.size || busy) return;
    setBusy(true);
    setError(null);
    invite(meetingId, [...chosen.keys()])
      .then((answer) => {
        setLinks(answer);
        onInvited();
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'unknown_error'))
      .finally(() => setBusy(false));
  };

  if (links) {
    return (
      <Modal
        open
        onClose={onClose}
        width={500}
        title={t('appointments.invite.linksTitle')}
        footer={
          <Button variant="primary" onClick={onClose}>
            {t('appointments.invite.done')}
          </Button>
        }
      >
        <ul className="invite-links">
          {links.map((l) => (
            <li key={l.id} className="invite-links__item">
              <span className="invite-links__name">{l.full_name || t('appointments.someone')}</span>
              <input
                className="invite-links__url"
                readOnly
                value={l.url}
                aria-label={t('appointments.invite.linkOf', { name: l.full_name || t('appointments.someone') })}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={l.url} />
            </li>
          ))}
        </ul>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      width={500}
      title={t('appointments.invite.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('appointments.modal.cancel')}</Button>
          <Button variant="primary" disabled={!chosen.size || offline} busy={busy} onClick={submit}>
            {t('appointments.invite.submit')}
          </Button>
        </>
      }
    >
      {offline ? (
        <p className="note" role="status">
          {t('appointments.invite.offline')}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {t(`errors.${error}`, { defaultValue: t('errors.unknown_error') })}
        </p>
      ) : null}
      {chosen.size ? (
        <ul className="invite-chosen" aria-label={t('appointments.invite.chosen')}>
          {[...chosen].map(([id, name]) => (
            <li key={id}>
              <button type="button" className="chip" onClick={() => toggle(id, name)} aria-label={t('appointments.invite.remove', { name })}>
                {name} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={searchId} className="visually-hidden">
        {t('appointments.invite.search')}
      </label>
      <input
        id={searchId}
        type="search"
        className="invite-search"
        value={search}
        placeholder={t('appointments.invite.search')}
        autoComplete="off"
        maxLength={100}
        onChange={(e) => setSearch(e.target.value)}
      />
      {full ? <p className="muted">{t('appointments.invite.limit', { n: APPOINTMENT_INVITES_MAX })}</p> : null}
      {visitors.isLoading && candidates.length === 0 ? (
        <Spinner label={t('common.loading')} />
      ) : candidates.length === 0 ? (
        <p className="muted">{visitors.data.source === 'unavailable' ? t('appointments.invite.unavailable') : t('appointments.invite.nobody')}</p>
      ) : (
        <fieldset className="choice-list invite-candidates">
          <legend className="visually-hidden">{t('appointments.invite.title')}</legend>
          {candidates.map((v) => (
            <label key={v.user_id} className="choice">
              <input
                type="checkbox"
                checked={chosen.has(v.user_id)}
                disabled={!chosen.has(v.user_id) && full}
                onChange={() => toggle(v.user_id, v.name || t('appointments.someone'))}
              />
              <span>
                {v.name || t('appointments.someone')}
                {v.position || v.company ? <span className="muted"> · {[v.position, v.company].filter(Boolean).join(', ')}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    // The clipboard needs a secure context and permission; when refused, the field beside the button can be selected by hand.
    const write = typeof navigator !== 'undefined' && navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'));
    write.then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <Button size="sm" onClick={copy} aria-live="polite">
      {state === 'copied' ? t('appointments.invite.copied') : state === 'failed' ? t('appointments.invite.copyFailed') : t('appointments.invite.copy')}
    </Button>
  );
}
