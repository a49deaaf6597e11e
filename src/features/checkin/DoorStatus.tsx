import { useTranslation } from 'react-i18next';
import type { DoorState } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { formatSince } from './format.ts';
import { downloadProgress } from './ScanResultBanner.tsx';

/**
 * The door's state, always on screen (the promise of offline check-in is only as good as the
 * operator's idea of what the device knows): on or off the network and since when, last sync,
 * scans waiting to upload, the tickets and key on the device, the head count.
 */
export function DoorStatus({ door, nowMs }: { door: DoorState; nowMs: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ago = (ms: number) => formatRelative(ms, Math.max(nowMs, ms), locale);
  return (
    <section className={`door-status door-status--${door.link.state}`} aria-label={t('door.status.label')}>
      <p className="door-status__link" role="status" data-link={door.link.state}>
        <span className="door-status__dot" aria-hidden="true" />
        {t(`door.link.${door.link.state}`, { since: formatSince(door.link.since, nowMs) })}
      </p>
      <dl className="door-status__facts">
        <div>
          <dt>{t('door.status.lastSync')}</dt>
          <dd>{door.lastSyncedAt === null ? t('door.status.never') : ago(door.lastSyncedAt)}</dd>
        </div>
        <div>
          <dt>{t('door.status.waiting')}</dt>
          <dd data-testid="door-waiting">{door.waitingUploads}</dd>
        </div>
        <div>
          <dt>{t('door.status.admitted')}</dt>
          <dd data-testid="door-admitted">{t('door.status.admittedOf', { admitted: door.count.admitted, tickets: door.count.tickets })}</dd>
        </div>
        <div>
          <dt>{t('door.status.tickets')}</dt>
          <dd>
            {door.ticketsSyncedAt === null
              ? downloadProgress(door, t)
              : t('door.status.ticketsAsOf', { n: door.ticketsOnDevice, time: ago(door.ticketsSyncedAt) })}
          </dd>
        </div>
        <div>
          <dt>{t('door.status.key')}</dt>
          <dd>{door.hasKey ? t('door.status.keyReady') : t('door.status.keyMissing')}</dd>
        </div>
        <div>
          <dt>{t('door.status.device')}</dt>
          <dd>
            <code>{door.deviceId ?? '…'}</code>
          </dd>
        </div>
      </dl>
      {door.refusedUploads > 0 ? <p className="door-status__warning">{t('door.status.refusedUploads', { n: door.refusedUploads })}</p> : null}
      {door.parkedUploads > 0 ? (
        <p className="door-status__warning" data-testid="door-parked">
          {t('door.status.parkedUploads', { n: door.parkedUploads })}
        </p>
      ) : null}
      {door.count.conflicts > 0 ? <p className="door-status__warning">{t('door.status.conflicts', { n: door.count.conflicts })}</p> : null}
    </section>
  );
}

/**
 * The download of the event's tickets, as long as it runs ("n of N", with a bar) and once it is
 * done: only then does a code typed by hand that the device does not know mean "no such ticket".
 */
export function DoorDownload({ door }: { door: DoorState }) {
  const { t } = useTranslation();
  if (door.ticketsReady) {
    return (
      <p className="door-download door-download--ready" role="status" data-ready="true" data-testid="door-download">
        {t('door.download.ready', { n: door.ticketsOnDevice })}
      </p>
    );
  }
  const progress = downloadProgress(door, t);
  const reaching = door.link.state === 'online' || door.link.state === 'connecting';
  return (
    <div className="door-download" role="status" data-ready="false" data-testid="door-download">
      <p>{reaching ? t('door.download.running', { progress }) : t('door.download.waiting', { progress })}</p>
      {door.ticketsListed !== null ? (
        <progress max={Math.max(1, door.ticketsListed)} value={Math.min(door.ticketsOnDevice, door.ticketsListed)} aria-label={t('door.download.label')} />
      ) : null}
    </div>
  );
}
