import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DoorState } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';
import { ConflictsList } from './ConflictsList.tsx';
import { DoorSearch } from './DoorSearch.tsx';
import { DoorStaff } from './DoorStaff.tsx';
import { RecentScans } from './RecentScans.tsx';

/** The door refused to this account, with a button to ask the server again. */
export function DoorForbidden({ onAskAgain }: { onAskAgain(): void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      heading
      title={t('door.forbidden')}
      text={t('door.forbiddenText')}
      action={
        <Button variant="secondary" onClick={onAskAgain}>
          {t('door.askAgain')}
        </Button>
      }
    />
  );
}

/**
 * The door page's side column: the search, the recent scans, the conflicts, the staff (for owners)
 * and stopping the door. Whether the stop is being confirmed is the page's, which keeps it.
 */
export function DoorSide({
  eventId,
  isOwner,
  door: d,
  nowMs,
  onAdmit,
  confirmStop,
  onConfirmStop,
  onStop,
}: {
  eventId: number;
  isOwner: boolean;
  door: DoorState;
  nowMs: number;
  onAdmit(code: string): void;
  confirmStop: boolean;
  onConfirmStop(on: boolean): void;
  onStop(): void;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="door-page__side">
      <Card title={t('door.search.title')}>
        <DoorSearch eventId={eventId} ownDeviceId={d.deviceId} nowMs={nowMs} onAdmit={onAdmit} />
      </Card>
      <Card title={t('door.recent.title')}>
        <RecentScans items={d.recent} nowMs={nowMs} />
      </Card>
      <Card title={t('door.conflicts.title')}>
        <ConflictsList conflicts={d.conflicts} ownDeviceId={d.deviceId} nowMs={nowMs} />
      </Card>
      {/* Organiser settings, for owners only: naming staff is theirs alone (server/routes/api/checkin.ts). */}
      {isOwner ? (
        <Card title={t('door.staff.title')} actions={<Link to={to(`/events/${eventId}/ticket-design`)}>{t('ticketDesign.title')}</Link>}>
          <DoorStaff eventId={eventId} />
        </Card>
      ) : null}
      <div className="door-page__stop">
        {confirmStop ? (
          <>
            <p>{d.waitingUploads > 0 ? t('door.stopConfirmWaiting', { n: d.waitingUploads }) : t('door.stopConfirm')}</p>
            <Button variant="danger" onClick={onStop}>
              {t('door.stopYes')}
            </Button>{' '}
            <Button onClick={() => onConfirmStop(false)}>{t('common.cancel')}</Button>
          </>
        ) : (
          <Button variant="ghost" onClick={() => onConfirmStop(true)}>
            {t('door.stop')}
          </Button>
        )}
      </div>
    </div>
  );
}
