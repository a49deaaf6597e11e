import { useEffect, useMemo, useState } from 'react';
import { APPOINTMENT_INVITES_MAX } from '../../../contract/appointments.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../contract/constants.ts';
import { useAppointment, useInviteToMeeting, useSyncStatus, useVisitors, type InviteLink, type VisitorsFilter } from '../../data/index.ts';

/** Enough to pick from while typing narrows the rest; the list is a picker, not a directory. */
const CANDIDATES_SHOWN = 30;

/**
 * The invite modal's state: the search, the people chosen among the event's visitors, and the
 * invitation, which answers with the links to hand out.
 */
export function useInviteForm(meetingId: number, onInvited: () => void) {
  const { data: meeting } = useAppointment(meetingId);
  const invite = useInviteToMeeting();
  const sync = useSyncStatus();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [links, setLinks] = useState<InviteLink[] | null>(null);

  // networking.md §5: searches wait for a 500 ms pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const filter = useMemo<VisitorsFilter>(() => ({ search: query, sort: 'name', order: 'asc', limit: CANDIDATES_SHOWN }), [query]);
  const visitors = useVisitors(meeting?.event_id ?? 0, filter);
  // The two people of the meeting are in the call already; the server refuses them too.
  const candidates = visitors.data.items.filter((v) => !v.is_me && v.user_id !== meeting?.other_user_id);

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

  return {
    search,
    setSearch,
    chosen,
    busy,
    error,
    links,
    visitors,
    candidates,
    offline: sync.state === 'offline',
    full: chosen.size >= APPOINTMENT_INVITES_MAX,
    toggle,
    submit,
  };
}
