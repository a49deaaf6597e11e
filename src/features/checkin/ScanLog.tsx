import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterScanLog, SCAN_LOG_FILTERS, scanLogCounts, type DoorState, type ScanLogFilter, type ScanLogRow } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { Button } from '../../ui/Button.tsx';
import { formatScanTime } from './format.ts';

/** Rows shown at first and added by each "show more": a busy door has thousands of scans. */
const PAGE = 50;

function verdictText(t: (key: string) => string, row: ScanLogRow): string {
  if (row.verdict === 'duplicate') return t('door.log.verdict.duplicate');
  if (row.verdict === 'admitted') return t('door.log.verdict.admitted');
  if (row.verdict === 'exit') return t('door.short.checked_out');
  return `${t('door.log.verdict.refused')}: ${t(`door.short.${row.result}`)}`;
}

/**
 * Every scan of the event for the organiser: ticket, holder, device, when it was scanned and when
 * the server received it, and the verdict, filterable by verdict, with the head count. It is built
 * from what the device holds (the door tickets carry every device's scans once synced; this device's
 * own wait in its outbox), so it works offline; scans matching no ticket come from the server's last
 * answer.
 */
export function ScanLog({ door, nowMs }: { door: DoorState; nowMs: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const selectId = useId();
  const [filter, setFilter] = useState<ScanLogFilter>('all');
  const [shown, setShown] = useState(PAGE);
  const all = door.scans.items;
  const counts = useMemo(() => scanLogCounts(all), [all]);
  const rows = useMemo(() => filterScanLog(all, filter), [all, filter]);
  const device = (id: string) => (id === door.deviceId ? t('door.thisDevice') : id);

  return (
    <div className="scan-log">
      <p className="scan-log__count" data-testid="scan-log-headcount">
        {t('door.log.headCount', { admitted: door.count.admitted, duplicates: counts.duplicate })}
      </p>
      <div className="field scan-log__filter">
        <label htmlFor={selectId}>{t('door.log.filter')}</label>
        <select
          id={selectId}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as ScanLogFilter);
            setShown(PAGE);
          }}
        >
          {SCAN_LOG_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`door.log.filters.${f}`, { n: counts[f] })}
            </option>
          ))}
        </select>
      </div>
      <p className="muted small">
        {door.scans.unmatchedFetchedAt === null
          ? t('door.log.fromDevice')
          : t('door.log.fromDeviceAndServer', { time: formatRelative(door.scans.unmatchedFetchedAt, Math.max(nowMs, door.scans.unmatchedFetchedAt), locale) })}
      </p>
      {rows.length === 0 ? (
        <p className="muted">{filter === 'all' ? t('door.log.none') : t('door.log.noneOfKind')}</p>
      ) : (
        <div className="scan-log__scroll">
          <table className="scan-log__table">
            <thead>
              <tr>
                <th scope="col">{t('door.log.col.scanned')}</th>
                <th scope="col">{t('door.log.col.ticket')}</th>
                <th scope="col">{t('door.log.col.device')}</th>
                <th scope="col">{t('door.log.col.received')}</th>
                <th scope="col">{t('door.log.col.verdict')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, shown).map((r) => (
                <tr key={r.id} className={`scan-log__row scan-log__row--${r.verdict}`} data-verdict={r.verdict}>
                  <td>{formatScanTime(r.scanned_at_ms, nowMs)}</td>
                  <td>
                    {r.holder_name ? <span className="scan-log__holder">{r.holder_name}</span> : null}{' '}
                    <code className="small">{r.code.length > 32 ? `${r.code.slice(0, 32)}…` : r.code || '—'}</code>
                  </td>
                  <td>{r.device_id === door.deviceId ? device(r.device_id) : <code>{r.device_id}</code>}</td>
                  <td>
                    {r.received_at_ms !== null
                      ? formatScanTime(r.received_at_ms, nowMs)
                      : r.upload === 'rejected'
                        ? t('door.log.uploadRefused')
                        : r.upload === 'parked'
                          ? t('door.log.uploadFailed')
                          : r.upload === 'applied'
                            ? t('door.log.uploaded')
                            : t('door.log.notUploaded')}
                  </td>
                  <td>{verdictText(t, r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > shown ? (
        <Button size="sm" variant="ghost" onClick={() => setShown((n) => n + PAGE)}>
          {t('door.log.more', { n: rows.length - shown })}
        </Button>
      ) : null}
    </div>
  );
}
