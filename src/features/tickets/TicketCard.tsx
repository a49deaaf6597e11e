import { ticketTypeLabel } from '../../ui/format/tickets.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSyncStatus, useTicketActions, useTicketEmailLock, type Ticket } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { Button } from '../../ui/Button.tsx';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';
import { useNow } from '../../ui/useNow.ts';
import { formatEventRange, isoInEventZone } from '../../ui/format/events.ts';
import { formatMoney } from '../../../contract/money.ts';
import { TicketQr } from '../../ui/qr/TicketQr.tsx';
import { useTicketToast } from './TicketToasts.tsx';
import { SelfServiceActions, SelfServiceNote, useSelfService } from './SelfService.tsx';

/**
 * One ticket (events.md §2): type, name, company, position, price and currency, the QR code (drawn
 * on the device, so it shows offline at the door), the PDF download and send-to-email. The two
 * actions need the server: offline they say so instead of failing. On My tickets the code is shown
 * at once, large enough to scan: at the door nobody should hunt for a button. The compact card
 * (the side column) keeps it behind a button, as the column has no room for it.
 */
export function TicketCard({ ticket, compact = false }: { ticket: Ticket; compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const sync = useSyncStatus();
  const [toggled, setToggled] = useState(false);
  const showQr = !compact || toggled;
  const qrId = useId();
  const offline = sync.state === 'offline';
  const voided = ticket.status !== 'valid' || ticket.invalid;
  const self = useSelfService(ticket, compact || voided);
  const price = ticket.price > 0 ? formatMoney(ticket.price, ticket.currency || 'UAH', locale) : t('tickets.free');
  const fields: [string, string][] = [
    [t('tickets.fields.type'), ticketTypeLabel(t, ticket.type)],
    [t('tickets.fields.name'), ticket.name],
    [t('tickets.fields.company'), ticket.company],
    [t('tickets.fields.position'), ticket.position],
  ];
  return (
    <article className={compact ? 'ticket-card ticket-card--compact' : 'ticket-card'}>
      <header className="ticket-card__head">
        <h3 className="ticket-card__event">
          <Link to={to(`/events/${ticket.event_id}`)}>{ticket.event.name}</Link>
        </h3>
        <p className="muted small">
          <time dateTime={isoInEventZone(ticket.event.when, ticket.event.timezone)}>
            {formatEventRange(ticket.event.when, ticket.event.when_end, ticket.event.timezone)}
          </time>
          {ticket.event.place.public && ticket.event.place.address ? ` · ${ticket.event.place.address}` : null}
        </p>
        {voided ? (
          <p className="ticket-badge">
            {ticket.invalid
              ? t('tickets.invalid')
              : ticket.status === 'transferred'
                ? t('tickets.transferred')
                : ticket.order.state === 'refunded'
                  ? t('tickets.refunded')
                  : t('tickets.cancelled')}
          </p>
        ) : null}
        {ticket.order.code && !compact ? <p className="muted small">{t('orders.code', { code: ticket.order.code })}</p> : null}
      </header>
      <dl className="ticket-card__fields">
        {fields
          .filter(([, value]) => (compact ? value.trim() !== '' : true))
          .map(([label, value]) => (
            <div key={label} className="ticket-card__field">
              <dt>{label}</dt>
              <dd>{value.trim() || '—'}</dd>
            </div>
          ))}
        <div className="ticket-card__field">
          <dt>{t('tickets.fields.price')}</dt>
          <dd>{price}</dd>
        </div>
      </dl>
      {showQr && !voided ? (
        <div className="ticket-card__qr" id={qrId}>
          <TicketQr payload={ticket.qr} label={t('tickets.qrLabel', { code: ticket.code })} />
          <p className="ticket-card__code">{ticket.code}</p>
        </div>
      ) : null}
      <div className="ticket-card__actions">
        {voided || !compact ? null : (
          <Button size="sm" aria-expanded={showQr} aria-controls={qrId} onClick={() => setToggled((v) => !v)}>
            {showQr ? t('tickets.hideQr') : t('tickets.showQr')}
          </Button>
        )}
        {offline ? (
          <Button size="sm" disabled title={t('tickets.needsNetwork')}>
            {t('tickets.download')}
          </Button>
        ) : (
          <DownloadButton ticket={ticket} />
        )}
        <EmailButton ticket={ticket} offline={offline} />
        <SelfServiceActions ticket={ticket} self={self} />
      </div>
      <SelfServiceNote ticket={ticket} self={self} />
      {offline ? <p className="muted small">{t('tickets.offlineNote')}</p> : null}
    </article>
  );
}

/** The PDF, fetched so that a refusal (too many downloads, a ticket gone) shows as a message. */
function DownloadButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useTicketActions();
  const toast = useTicketToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const result = await actions.downloadPdf(ticket, locale);
      if (result.status === 'offline') toast('error', t('tickets.needsNetwork'));
      else if (result.status === 'refused') {
        toast('error', result.code === 'rate_limited' ? tooManyRequestsText(t, locale, result.retryAfter) : t(`errors.${result.code}`));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" busy={busy} onClick={() => void download()}>
      {t('tickets.download')}
    </Button>
  );
}

/** Send to email, locked for 60 s after a send (events.md §4), the lock kept on the device. */
function EmailButton({ ticket, offline }: { ticket: Ticket; offline: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useTicketActions();
  const toast = useTicketToast();
  const [busy, setBusy] = useState(false);
  const now = useNow(1000);
  const remaining = useTicketEmailLock(ticket.ticket_id, now);
  const send = async () => {
    setBusy(true);
    try {
      const result = await actions.sendToEmail(ticket, locale);
      if (result.status === 'sent') toast('info', t('tickets.sentOnEmail'));
      else if (result.status === 'locked') toast('error', t('errors.ticket_email_locked'));
      else if (result.status === 'rate_limited') toast('error', tooManyRequestsText(t, locale, result.retryAfter));
      else if (result.status === 'offline') toast('error', t('tickets.needsNetwork'));
      else toast('error', t('general.unknownError'));
    } finally {
      setBusy(false);
    }
  };
  const locked = remaining > 0;
  return (
    <Button size="sm" busy={busy} disabled={offline || locked} onClick={() => void send()} title={offline ? t('tickets.needsNetwork') : undefined}>
      {locked ? t('tickets.sendAgainIn', { seconds: Math.ceil(remaining / 1000) }) : t('tickets.sendToEmail')}
    </Button>
  );
}
