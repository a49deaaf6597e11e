import { useTranslation } from 'react-i18next';
import { deviceTimeZone, zoneLabel, zonesDiffer } from './intl.ts';
import { useNow } from './useNow.ts';

/** Offsets change twice a year at most; an hour is plenty to notice a switch while a page is open. */
const ZONE_CHECK_MS = 3_600_000;

/**
 * Where the event's times (programme, start, meeting slots: the venue's clock) meet times in the
 * reader's own zone (chat, messages: when they happened for the reader), one line says which is
 * which, once per screen, instead of a label on every time. Nothing when both read the same.
 */
export function ZonesNote({ eventZone, what, className }: { eventZone: string; what: 'live' | 'event'; className?: string }) {
  const { t } = useTranslation();
  const now = useNow(ZONE_CHECK_MS);
  const device = deviceTimeZone();
  if (!zonesDiffer(eventZone, device, now)) return null;
  return (
    <p className={['zones-note', className].filter(Boolean).join(' ')} data-testid="zones-note">
      {t(`zones.${what}`, { event: zoneLabel(eventZone, now), mine: zoneLabel(device, now) })}
    </p>
  );
}
