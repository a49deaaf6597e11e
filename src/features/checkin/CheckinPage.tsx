import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDoor, useEvent, useSession, type DoorScanOutcome } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useNow } from '../../ui/useNow.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { CameraScanner } from '../../ui/scan/CameraScanner.tsx';
import { ConflictsList } from './ConflictsList.tsx';
import { DoorSearch } from './DoorSearch.tsx';
import { DoorListPicker } from './DoorListPicker.tsx';
import { DoorStaff } from './DoorStaff.tsx';
import { DoorDownload, DoorStatus } from './DoorStatus.tsx';
import { ManualEntry } from './ManualEntry.tsx';
import { RecentScans } from './RecentScans.tsx';
import { ScanLog } from './ScanLog.tsx';
import { ScanResultBanner } from './ScanResultBanner.tsx';
import './checkin.css';
import './door-admin.css';
import { parseId } from '../../../contract/ids.ts';
import { FormError } from '../../ui/form/Field.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Short for let in, long for stop: the operator feels the answer before reading it. */
const VIBRATE_ADMITTED = [60];
const VIBRATE_REFUSED = [120, 60, 120];
/** Not judged: three light taps, neither "go" nor "stop". */
const VIBRATE_UNDECIDED = [30, 60, 30, 60, 30];

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
  const [last, setLast] = useState<{ outcome: DoorScanOutcome; raw: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [failed, setFailed] = useState(false);
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
        <EmptyState
          heading
          title={t('door.forbidden')}
          text={t('door.forbiddenText')}
          action={
            <Button variant="secondary" onClick={() => door.actions.refresh().catch((err: unknown) => console.error('foyer: asking again failed', err))}>
              {t('door.askAgain')}
            </Button>
          }
        />
      </div>
    );
  }

  const show = (result: DoorScanOutcome, raw: string) => {
    setLast({ outcome: result, raw });
    setCheckFailed(false);
    navigator.vibrate?.(result.undecided ? VIBRATE_UNDECIDED : result.verdict.admitted ? VIBRATE_ADMITTED : VIBRATE_REFUSED);
  };

  const scan = async (text: string) => {
    setBusy(true);
    setFailed(false);
    try {
      const result = await door.actions.scan(text);
      if (!result.scanId && !result.undecided) return;
      show(result, text);
    } catch (err) {
      // Only the device's own database can fail here; the scan was not recorded, so say so.
      console.error('foyer: the scan could not be recorded', err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  /** The server's word on the code the device could not judge; offline, the banner says to wait. */
  const checkOnline = async () => {
    if (!last) return;
    setChecking(true);
    setCheckFailed(false);
    try {
      show(await door.actions.checkOnline(last.raw), last.raw);
    } catch (err) {
      if (!(err instanceof Error && err.message === 'network_error')) console.error('foyer: the online check failed', err);
      setCheckFailed(true);
    } finally {
      setChecking(false);
    }
  };

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
                check={{ busy: checking, failed: checkFailed, run: () => void checkOnline() }}
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
        <div className="door-page__side">
          <Card title={t('door.search.title')}>
            <DoorSearch eventId={eventId} ownDeviceId={d.deviceId} nowMs={now} onAdmit={(code) => void scan(code)} />
          </Card>
          <Card title={t('door.recent.title')}>
            <RecentScans items={d.recent} nowMs={now} />
          </Card>
          <Card title={t('door.conflicts.title')}>
            <ConflictsList conflicts={d.conflicts} ownDeviceId={d.deviceId} nowMs={now} />
          </Card>
          {/* Organiser settings, for owners only: naming staff is theirs alone (server/routes/api/checkin.ts). */}
          {event?.is_owner ? (
            <Card title={t('door.staff.title')} actions={<Link to={to(`/events/${eventId}/ticket-design`)}>{t('ticketDesign.title')}</Link>}>
              <DoorStaff eventId={eventId} />
            </Card>
          ) : null}
          <div className="door-page__stop">
            {confirmStop ? (
              <>
                <p>{d.waitingUploads > 0 ? t('door.stopConfirmWaiting', { n: d.waitingUploads }) : t('door.stopConfirm')}</p>
                <Button variant="danger" onClick={() => void stop()}>
                  {t('door.stopYes')}
                </Button>{' '}
                <Button onClick={() => setConfirmStop(false)}>{t('common.cancel')}</Button>
              </>
            ) : (
              <Button variant="ghost" onClick={() => setConfirmStop(true)}>
                {t('door.stop')}
              </Button>
            )}
          </div>
        </div>
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
