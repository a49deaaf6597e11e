import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useRejections, type Rejection } from '../../data/index.ts';
import { Toast, ToastRegion } from '../../ui/Toast.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { Button } from '../../ui/Button.tsx';

/**
 * Commands the server turned down stay on screen until the user dismisses them: the screen itself
 * already shows the server's truth (the optimistic change was rolled back), and this says why.
 * Parked commands (the server kept failing on them, so the rest of the queue went on without them)
 * stay until the user tries them again or discards them: they were never applied.
 */
export function Rejections() {
  const { t } = useTranslation();
  const { items, dismiss, retry } = useRejections();
  return (
    <ToastRegion label={t('rejections.region')}>
      {items.map((item) => (
        <RejectionToast key={item.id} item={item} onDismiss={() => dismiss(item.id)} onRetry={() => retry(item.id)} />
      ))}
    </ToastRegion>
  );
}

export function eventIdOf(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const id = (payload as { event_id?: unknown }).event_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** Names what was tried; a command kind without its own wording gets the general one. */
export function titleKey(item: Pick<Rejection, 'kind' | 'payload'>, exists: (key: string) => boolean): string {
  let key = `rejections.${item.kind}`;
  if (item.kind === 'event.favorite') {
    const favorite = (item.payload as { favorite?: unknown } | null)?.favorite;
    key += favorite === false ? '.remove' : '.add';
  }
  return exists(key) ? key : 'rejections.generic';
}

function RejectionToast({ item, onDismiss, onRetry }: { item: Rejection; onDismiss(): void; onRetry(): void }) {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const eventId = eventIdOf(item.payload);
  // Hooks cannot be conditional; id 0 matches no event and simply yields nothing.
  const { data: event } = useEvent(eventId ?? 0);
  const reason = i18n.exists(`errors.${item.code}`) ? t(`errors.${item.code}`) : t('errors.unknown_error');
  const what = t(titleKey(item, (k) => i18n.exists(k)));
  return (
    <Toast
      tone="error"
      title={item.parked ? t('rejections.parkedTitle', { what }) : what}
      // Closing a parked one drops what the user did, so the button says so.
      dismissLabel={item.parked ? t('rejections.discard') : t('common.dismiss')}
      onDismiss={onDismiss}
    >
      <p>{reason}</p>
      {event && eventId ? (
        <p>
          <Link to={to(`/events/${eventId}`)}>{event.name}</Link>
        </p>
      ) : null}
      {item.parked ? (
        <p>
          <Button size="sm" variant="primary" onClick={onRetry}>
            {t('rejections.retry')}
          </Button>{' '}
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            {t('rejections.discard')}
          </Button>
        </p>
      ) : item.kind === 'appointment.request' && eventId ? (
        <PickAnotherTime item={item} eventId={eventId} />
      ) : null}
    </Toast>
  );
}

/** A refused request is answered by asking again: the modal opens on the same person and day. */
function PickAnotherTime({ item, eventId }: { item: Rejection; eventId: number }) {
  const { t } = useTranslation();
  const ui = useAppointmentUi();
  const p = item.payload as { user_id?: unknown; date?: unknown; meeting_id?: unknown };
  const userId = typeof p.user_id === 'number' ? p.user_id : 0;
  if (!userId) return null;
  return (
    <p>
      <Button
        size="sm"
        variant="primary"
        onClick={() =>
          ui.openRequest({
            eventId,
            userId,
            date: typeof p.date === 'string' ? p.date : null,
            error: item.code,
            replaces: item.id,
            ...(typeof p.meeting_id === 'number' ? { meetingId: p.meeting_id } : {}),
          })
        }
      >
        {t('appointments.actions.pickAnotherTime')}
      </Button>
    </p>
  );
}
