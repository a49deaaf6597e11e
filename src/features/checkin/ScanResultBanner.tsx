import { ticketTypeLabel } from '../../ui/format/tickets.ts';
import { useTranslation } from 'react-i18next';
import type { DoorScanOutcome, DoorState } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { formatListDay, formatScanTime } from './format.ts';
import { deviceLabel, verdictView } from './verdict.ts';

export interface OnlineCheckState {
  busy: boolean;
  /** The last check could not reach the server. */
  failed: boolean;
  run(): void;
}

/**
 * The answer to the last scan, big enough to read at arm's length: who may pass, or why not. An
 * already used ticket says when and at which device it was used. A code the device cannot judge
 * yet (its tickets still downloading, or no key for a signed code it does not list) gets its own
 * answer, never a refusal: how far the download is, and a check with the server when the network
 * is there.
 */
export function ScanResultBanner({ outcome, door, check, nowMs }: { outcome: DoorScanOutcome; door: DoorState; check: OnlineCheckState; nowMs: number }) {
  const { t } = useTranslation();
  if (outcome.undecided) return <UndecidedBanner outcome={outcome} door={door} check={check} nowMs={nowMs} />;
  const view = verdictView(outcome);
  const v = outcome.verdict;
  const used = v.usedBy ? deviceLabel(v.usedBy.device_id, door.deviceId) : null;
  return (
    <div className={`door-result door-result--${view.tone}`} role="alert" data-result={v.result}>
      <p className="door-result__title">{t(view.titleKey)}</p>
      {v.ticket ? (
        <p className="door-result__holder">
          {v.ticket.holder_name}
          {v.ticket.type ? <span className="door-result__type"> · {ticketTypeLabel(t, v.ticket.type)}</span> : null}
        </p>
      ) : null}
      {view.reasonKey ? <p className="door-result__reason">{t(view.reasonKey, reasonParams(door, v.ticket?.type ?? ''))}</p> : null}
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

/** What a list's refusal names: the door's list, its day as the event's calendar says it, the ticket's type. */
function reasonParams(door: DoorState, type: string): Record<string, string> {
  const list = door.lists.chosen;
  return { list: list?.name ?? '', day: list?.day ? formatListDay(list.day) : '', type };
}

/** "n of N" while the tickets arrive; "n so far" until the server has said how many there are. */
export function downloadProgress(door: Pick<DoorState, 'ticketsOnDevice' | 'ticketsListed'>, t: (key: string, o?: Record<string, unknown>) => string): string {
  const n = door.ticketsOnDevice;
  return door.ticketsListed === null
    ? t('door.download.soFar', { n })
    : t('door.download.nOfTotal', { n: Math.min(n, door.ticketsListed), total: door.ticketsListed });
}

function UndecidedBanner({ outcome, door, check, nowMs }: { outcome: DoorScanOutcome; door: DoorState; check: OnlineCheckState; nowMs: number }) {
  const { t } = useTranslation();
  const code = outcome.verdict.code;
  const online = door.link.state === 'online';
  return (
    <div className="door-result door-result--pending" role="alert" data-result="unverified">
      <p className="door-result__title">{t('door.result.unverified')}</p>
      <p className="door-result__reason">
        {outcome.undecided === 'downloading' ? t('door.reason.downloading', { progress: downloadProgress(door, t) }) : t('door.reason.noKey')}
      </p>
      {online ? (
        <p className="door-result__actions">
          <Button variant="primary" busy={check.busy} onClick={check.run}>
            {t('door.checkOnline')}
          </Button>
        </p>
      ) : (
        <p className="door-result__hint">{t('door.checkNeedsNetwork')}</p>
      )}
      {check.failed ? (
        <p className="door-result__hint" role="status">
          {t('door.checkFailed')}
        </p>
      ) : null}
      <p className="door-result__code">
        {code ? <code>{code.length > 60 ? `${code.slice(0, 60)}…` : code}</code> : null}
        <span className="muted small"> {formatScanTime(outcome.scannedAtMs, nowMs)}</span>
      </p>
    </div>
  );
}
