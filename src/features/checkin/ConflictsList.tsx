import { useTranslation } from 'react-i18next';
import type { DoorState } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { formatScanTime } from './format.ts';

/**
 * Tickets admitted more than once (two devices offline, each letting the same person in): every
 * admission is kept, the later ones flagged, the person counted once. A transferred ticket that a
 * door admitted before it had pulled the transfer is listed too, marked as such. The organiser sees who, where
 * and when, from the server when it was reachable, else from what this device has synced.
 */
export function ConflictsList({ conflicts, ownDeviceId, nowMs }: { conflicts: DoorState['conflicts']; ownDeviceId: string | null; nowMs: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <p className="muted small">
        {conflicts.source === 'server' && conflicts.fetchedAt !== null
          ? t('door.conflicts.fromServer', { time: formatRelative(conflicts.fetchedAt, Math.max(nowMs, conflicts.fetchedAt), locale) })
          : t('door.conflicts.fromDevice')}
      </p>
      {conflicts.items.length === 0 ? (
        <p className="muted">{t('door.conflicts.none')}</p>
      ) : (
        <ul className="door-conflicts">
          {conflicts.items.map((c) => (
            <li key={c.ticket_id} className="door-conflicts__item">
              <p className="door-conflicts__who">
                {c.holder_name || '—'} <code className="small">{c.code}</code>
                {c.type ? <span className="muted small"> · {c.type}</span> : null}
              </p>
              {c.reason === 'transferred' ? <p className="door-conflicts__dup small">{t('door.conflicts.transferred')}</p> : null}
              <ol className="door-conflicts__scans">
                {c.scans.map((s) => (
                  <li key={s.id}>
                    {formatScanTime(s.scanned_at_ms, nowMs)} · {s.device_id === ownDeviceId ? t('door.thisDevice') : <code>{s.device_id}</code>}
                    {s.duplicate_of ? (
                      <span className="door-conflicts__dup"> {t('door.conflicts.duplicate')}</span>
                    ) : (
                      <span className="muted"> {t('door.conflicts.first')}</span>
                    )}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
