import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAccountActions } from '../../data/index.ts';

/**
 * The specs' session handoff (events.md §3 "Session", networking.md §4): the mobile app opens any
 * page with `?token=…&user_id=…`. The two are taken out of the address at once (a replace, so
 * neither history nor a shared link keeps them), then exchanged for this browser's HttpOnly
 * cookie. The server's log never shows the token: the request line is redacted (plugins/log.ts).
 */
export function SessionHandoff() {
  const location = useLocation();
  const navigate = useNavigate();
  const actions = useAccountActions();
  const taken = useRef(false);

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
    void actions.handoff(token, userId).then((result) => {
      if (!result.ok) console.warn('session handoff refused', result.code);
    });
  }, [location, navigate, actions]);

  return null;
}
