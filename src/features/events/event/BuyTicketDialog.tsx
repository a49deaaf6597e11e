import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS } from '../../../../contract/constants.ts';
import type { EventView } from '../../../data/index.ts';
import { useLocalePath } from '../../../app/useLocale.ts';
import { useNow } from '../../../ui/useNow.ts';
import { Dialog } from '../../appointments/Dialog.tsx';
import { EventPrice } from '../EventPrice.tsx';
import { videoPhase } from './video.ts';

/** The query flag the live page's "Buy a ticket" sets (events.md §2 ticket-check modal). */
export const BUY_PARAM = 'buy';

/**
 * `/events/{id}?buy=1` opens the "get a ticket" dialog once, then drops the flag from the address
 * (replacing the history entry), so a reload or the back button does not open it again. Foyer
 * sells no tickets itself (the specs' ticket widget is the organiser's), so the dialog says what a
 * ticket costs and how to reach the organiser who sells it; a holder is sent to their tickets, and
 * a free event needs none, only a check-in.
 */
export function BuyTicketDialog({ event }: { event: EventView }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const now = useNow(CLOCK_TICK_MS * 30);
  const asked = params.get(BUY_PARAM) === '1';

  useEffect(() => {
    if (!asked) return;
    setOpen(true);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(BUY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);

  const close = () => setOpen(false);
  const finished = videoPhase(event.when, event.when_end, now) === 'finished';
  const { email, phone, name } = event.company;

  let body;
  if (event.has_ticket) body = <p>{t('event.buy.haveTicket')}</p>;
  else if (finished) body = <p>{t('event.buy.finished')}</p>;
  else if (event.is_free) body = <p>{t('event.buy.free')}</p>;
  else {
    body = (
      <>
        <p>
          <EventPrice event={event} />
        </p>
        <p>{name ? t('event.buy.soldByNamed', { name }) : t('event.buy.soldBy')}</p>
        {email || phone ? (
          <ul className="buy-ticket__contacts">
            {email ? (
              <li>
                <a href={`mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(t('event.buy.mailSubject', { name: event.name }))}`}>{email}</a>
              </li>
            ) : null}
            {phone ? (
              <li>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="muted">{t('event.buy.noContacts')}</p>
        )}
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      width={500}
      title={t('event.buy.title')}
      className="buy-ticket"
      footer={
        event.has_ticket ? (
          <Link className="btn btn--primary" to={to('/profile/mytickets')} onClick={close}>
            {t('event.buy.myTickets')}
          </Link>
        ) : (
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('common.close')}
          </button>
        )
      }
    >
      {body}
    </Dialog>
  );
}
