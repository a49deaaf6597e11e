import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS } from '../../../../contract/constants.ts';
import { useEventActions, useSession, type EventView } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { useNow } from '../../../ui/useNow.ts';
import { useRequireLogin } from '../../../ui/useRequireLogin.ts';
import { videoPhase } from '../../../ui/video/video.ts';
import { FormError } from '../../../ui/form/Field.tsx';

/**
 * Check-in and its undo. Both go through the outbox, so they work offline: the screen shows the new
 * state at once (the event page marks it "waiting to sync" until the server has it). Should the
 * server refuse, the state rolls back and the rejection toast says why.
 */
export function CheckinButton({ event }: { event: EventView }) {
  const { t } = useTranslation();
  const actions = useEventActions();
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const now = useNow(CLOCK_TICK_MS * 30);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const finished = videoPhase(event.when, event.when_end, now) === 'finished';
  // A paid event admits only ticket holders; the server would turn the check-in down (ticket_required).
  const needsTicket = !event.is_free && !event.has_ticket && !event.checked_in;

  const run = () =>
    requireLogin(() => {
      setBusy(true);
      setFailed(false);
      const action = event.checked_in ? actions.uncheckin(event.event_id) : actions.checkin(event.event_id);
      action
        .catch((error: unknown) => {
          console.error('check-in failed', error);
          setFailed(true);
        })
        .finally(() => setBusy(false));
    });

  return (
    <div className="checkin">
      {event.checked_in ? (
        <p className="checkin__state">
          <span className="badge badge--success">{t('checkin.checkedIn')}</span>
        </p>
      ) : null}
      {finished ? (
        // The server refuses check-ins after the end; offering the button would only earn a rejection.
        event.checked_in ? null : (
          <p className="checkin__note">{t('checkin.closed')}</p>
        )
      ) : needsTicket && user ? (
        <p className="checkin__note">{t('checkin.needsTicket')}</p>
      ) : (
        <Button variant={event.checked_in ? 'secondary' : 'primary'} busy={busy} onClick={run}>
          {event.checked_in ? t('checkin.undo') : t('checkin.checkin')}
        </Button>
      )}
      <FormError>{failed ? t('errors.local_write_failed') : null}</FormError>
    </div>
  );
}
