import { useTranslation } from 'react-i18next';
import type { RecentScan } from '../../data/index.ts';
import { formatScanTime } from './format.ts';

/** This device's latest scans of the event, so the operator can look back at who just passed. */
export function RecentScans({ items, nowMs }: { items: RecentScan[]; nowMs: number }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('door.recent.none')}</p>;
  return (
    <ol className="door-recent">
      {items.map((s) => (
        <li key={s.id} className={`door-recent__item door-recent__item--${s.result === 'admitted' ? 'admitted' : 'refused'}`}>
          <span className="door-recent__time">{formatScanTime(s.scanned_at_ms, nowMs)}</span>
          <span className="door-recent__who">{s.holder_name || <code>{s.code.length > 32 ? `${s.code.slice(0, 32)}…` : s.code}</code>}</span>
          <span className="door-recent__result">{t(`door.short.${s.result}`)}</span>
        </li>
      ))}
    </ol>
  );
}
