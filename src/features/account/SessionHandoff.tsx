import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHandoffActions, type HandoffStep } from '../../data/index.ts';
import { later } from '../../ui/later.ts';

// Its own chunk: every page mounts the handoff, hardly any visit asks its question.
const HandoffDialog = later(() => import('./HandoffDialog.tsx').then((m) => m.HandoffDialog));

/**
 * The specs' session handoff (events.md §4 "Session", networking.md §4): the mobile app opens any
 * page with `?token=…&user_id=…`. The two are taken out of the address at once (a replace, so
 * neither history nor a shared link keeps them), then exchanged for a browser session of its own
 * (src/data/handoff.ts). Signed out, the visitor is signed in as the specs say; signed in as
 * somebody else, or holding the previous account's unsent work, the person is asked first.
 */
export function SessionHandoff() {
  const location = useLocation();
  const navigate = useNavigate();
  const handoff = useHandoffActions();
  const taken = useRef(false);
  const [open, setOpen] = useState<{ token: string; userId: number; step: Exclude<HandoffStep, { kind: 'done' }> } | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get('token');
    const userId = Number(params.get('user_id'));
    if (!token || !params.has('user_id') || taken.current) return;
    taken.current = true;
    params.delete('token');
    params.delete('user_id');
    const rest = params.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true, state: location.state });
    if (!Number.isInteger(userId) || userId < 1) return;
    void handoff.start(token, userId).then(
      (step) => {
        if (step.kind !== 'done') setOpen({ token, userId, step });
      },
      (err: unknown) => console.error('foyer: the session handoff failed', err),
    );
  }, [location, navigate, handoff]);

  return open ? <HandoffDialog token={open.token} userId={open.userId} first={open.step} onClose={() => setOpen(null)} /> : null;
}
