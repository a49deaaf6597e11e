import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDoor, useEvent, useSession } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useNow } from '../../ui/useNow.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { CameraScanner } from '../../ui/scan/CameraScanner.tsx';
import { DoorListPicker } from './DoorListPicker.tsx';
import { DoorForbidden, DoorSide } from './DoorSide.tsx';
import { DoorDownload, DoorStatus } from './DoorStatus.tsx';
import { ManualEntry } from './ManualEntry.tsx';
import { ScanLog } from './ScanLog.tsx';
import { ScanResultBanner } from './ScanResultBanner.tsx';
import { useDoorScan } from './useDoorScan.ts';
import './checkin.css';
import './door-admin.css';
import { parseId } from '../../../contract/ids.ts';
import { FormError } from '../../ui/form/Field.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';

/**
 * /{locale}/events/:eventId/checkin — the door, for the event's owners and the staff they name.
 * Works with no network: the tickets and the event's key are on the device, every scan is judged
 * here (contract/checkin.ts) and queued for upload; two devices that admit one person while
 * offline both keep their record and the organiser sees the conflict after sync.
 */
export function CheckinPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const eventId = parseId(useParams().eventId) ?? 0;
  const session = useSession();
  const { data: event } = useEvent(eventId);
  const door = useDoor(eventId);
  const now = useNow(1000);
  const { last, busy, failed, setFailed, check, scan } = useDoorScan(door.actions);
  const [confirmStop, setConfirmStop] = useState(false);
  useDocumentTitle(event ? t('door.titleOf', { event: event.name }) : t('door.title'));

  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('door.title')} text={t('door.guestText')} />;
  // Until the device's door record is read, neither the door nor the refusal is known: showing the
  // scanner for that moment would let someone refused last time believe they may scan.
  if (door.isLoading) return <Spinner label={t('common.loading')} />;
  if (door.data.forbidden) {
    return (
      <div className="page page--narrow">
        <DoorForbidden onAskAgain={() => door.actions.refresh().catch((err: unknown) => console.error('foyer: asking again failed', err))} />
      </div>
    );
  }

  const stop = async () => {
    try {
      await door.actions.stop();
      navigate(to(`/events/${eventId}`));
    } catch (err) {
      console.error('foyer: stopping the door failed', err);
      setFailed(true);
    }
  };

  const d = door.data;
  // An event with lists: the door scans only once it knows which list it works.
  const mustChoose = d.lists.items.length > 0 && !d.lists.chosen;
  return (
    <div className="page door-page">
      <PageHeader title={t('door.title')} event={event ? { id: eventId, name: event.name } : null} />
      <DoorStatus door={d} nowMs={now} />
      <DoorDownload door={d} />
      {!d.hasKey ? <p className="door-note">{t('door.noKeyNote')}</p> : null}
      <div className="door-page__grid">
        <div className="door-page__main">
          {/* Above the scanner: on a phone the answer must show without scrolling. */}
          <div aria-live="assertive" className="door-page__result">
            {last ? (
              <ScanResultBanner
                key={last.outcome.scanId ?? `undecided-${last.outcome.scannedAtMs}`}
                outcome={last.outcome}
                door={d}
                check={check}
                nowMs={now}
              />
            ) : null}
          </div>
          <DoorListPicker door={d} actions={door.actions} />
          {mustChoose ? null : (
            <Card title={d.lists.direction === 'out' && d.lists.chosen?.reentry ? t('door.lists.checkOutTitle') : t('door.scanTitle')}>
              <CameraScanner onCode={scan} />
              <ManualEntry onCode={scan} busy={busy} />
              <FormError>{failed ? t('errors.local_write_failed') : null}</FormError>
            </Card>
          )}
        </div>
        <DoorSide
          eventId={eventId}
          isOwner={Boolean(event?.is_owner)}
          door={d}
          nowMs={now}
          onAdmit={(code) => void scan(code)}
          confirmStop={confirmStop}
          onConfirmStop={setConfirmStop}
          onStop={() => void stop()}
        />
      </div>
      {/* Every scan is the organiser's to review; the staff at the door need only their own. */}
      {event?.is_owner || d.role === 'owner' ? (
        <Card title={t('door.log.title')} className="door-page__log">
          <ScanLog door={d} nowMs={now} />
        </Card>
      ) : null}
    </div>
  );
}
