import { ticketTypeLabel } from '../../ui/format/tickets.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDoorSearch, type DoorTicketView } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { formatScanTime } from './format.ts';

/**
 * Search the event's tickets on the device by holder name or code, for a person whose QR code will
 * not scan (cracked screen, no printout): admitting from here records a scan like the camera does.
 */
export function DoorSearch({
  eventId,
  ownDeviceId,
  nowMs,
  onAdmit,
}: {
  eventId: number;
  ownDeviceId: string | null;
  nowMs: number;
  onAdmit(code: string): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const found = useDoorSearch(eventId, query);
  return (
    <div className="door-search">
      <label className="field">
        <span className="field__label">{t('door.search.label')}</span>
        <input
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('door.search.placeholder')}
          autoComplete="off"
        />
      </label>
      {query.trim() && found.length === 0 ? <p className="muted">{t('door.search.nothing')}</p> : null}
      {found.length ? (
        <ul className="door-search__list">
          {found.map((ticket) => (
            <li key={ticket.id} className="door-search__item">
              <div>
                <p className="door-search__name">{ticket.holder_name || '—'}</p>
                <p className="muted small">
                  <code>{ticket.code}</code>
                  {ticket.type ? ` · ${ticketTypeLabel(t, ticket.type)}` : ''}
                </p>
                <p className={`door-search__state door-search__state--${ticket.state}`}>{stateText(ticket, ownDeviceId, nowMs, t)}</p>
              </div>
              {ticket.state === 'not_used' ? (
                <Button size="sm" variant="primary" onClick={() => onAdmit(ticket.code)}>
                  {t('door.search.admit')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function stateText(ticket: DoorTicketView, ownDeviceId: string | null, nowMs: number, t: (key: string, opts?: Record<string, unknown>) => string): string {
  if (ticket.state === 'used' && ticket.used) {
    const time = formatScanTime(ticket.used.scanned_at_ms, nowMs);
    const text = ticket.used.device_id === ownDeviceId ? t('door.usedHere', { time }) : t('door.usedAt', { time, device: ticket.used.device_id });
    return ticket.conflict ? `${text} ${t('door.search.conflict')}` : text;
  }
  return t(`door.search.state.${ticket.state}`);
}
