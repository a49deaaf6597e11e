import { useTranslation } from 'react-i18next';
import type { DoorScanOutcome } from '../../data/index.ts';
import { formatScanTime } from './format.ts';
import { deviceLabel, verdictView } from './verdict.ts';

/**
 * The answer to the last scan, big enough to read at arm's length: who may pass, or why not. An
 * already used ticket says when and at which device it was used.
 */
export function ScanResultBanner({ outcome, ownDeviceId, nowMs }: { outcome: DoorScanOutcome; ownDeviceId: string | null; nowMs: number }) {
  const { t } = useTranslation();
  const view = verdictView(outcome);
  const v = outcome.verdict;
  const used = v.usedBy ? deviceLabel(v.usedBy.device_id, ownDeviceId) : null;
  return (
    <div className={`door-result door-result--${view.tone}`} role="alert" data-result={v.result}>
      <p className="door-result__title">{t(view.titleKey)}</p>
      {v.ticket ? (
        <p className="door-result__holder">
          {v.ticket.holder_name}
          {v.ticket.type ? <span className="door-result__type"> · {v.ticket.type}</span> : null}
        </p>
      ) : null}
      {view.reasonKey ? <p className="door-result__reason">{t(view.reasonKey)}</p> : null}
      {v.usedBy && used ? (
        <p className="door-result__used">
          {used.self
            ? t('door.usedHere', { time: formatScanTime(v.usedBy.scanned_at_ms, nowMs) })
            : t('door.usedAt', { time: formatScanTime(v.usedBy.scanned_at_ms, nowMs), device: used.id })}
        </p>
      ) : null}
      <p className="door-result__code">
        {v.code ? <code>{v.code.length > 60 ? `${v.code.slice(0, 60)}…` : v.code}</code> : null}
        <span className="muted small"> {formatScanTime(outcome.scannedAtMs, nowMs)}</span>
      </p>
    </div>
  );
}
