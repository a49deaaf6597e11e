import { useContext, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../useLocale.ts';
import { useLoginHref } from '../useRequireLogin.ts';
import { Button } from '../Button.tsx';
import { Modal } from '../Modal.tsx';
import { CheckoutUiContext } from '../checkout-ui.ts';

/** A table, chosen by the server, is the `null` choice; named places are their ids. */
type PlaceChoice = number | null;

/** networking.md §2: select place, 460 px; submit disabled until a place is chosen. */
export function PlaceDialog({
  open,
  places,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  places: Record<string, string>;
  busy: boolean;
  onCancel(): void;
  onConfirm(place: PlaceChoice): void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const [choice, setChoice] = useState<PlaceChoice | undefined>(undefined);
  const options: { value: PlaceChoice; label: string }[] = [
    { value: null, label: t('appointments.place.table') },
    ...Object.entries(places).map(([id, label]) => ({ value: Number(id), label })),
  ];
  return (
    <Modal
      open={open}
      onClose={onCancel}
      width={460}
      title={t('appointments.place.title')}
      footer={
        <>
          <Button onClick={onCancel}>{t('appointments.modal.cancel')}</Button>
          <Button variant="primary" disabled={choice === undefined} busy={busy} onClick={() => choice !== undefined && onConfirm(choice)}>
            {t('appointments.modal.submit')}
          </Button>
        </>
      }
    >
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('appointments.place.title')}</legend>
        {options.map((o) => (
          <label key={o.value ?? 'table'} className="choice">
            <input type="radio" name={name} checked={choice === o.value} onChange={() => setChoice(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

const PHONE_PATTERN = /^[0-9+()\-. ]*$/;

/**
 * networking.md §2 contact modal: an online meeting needs the requester's phone. It is saved with
 * the request (profile.update queued first), so this works offline too.
 */
export function ContactDialog({
  open,
  name,
  busy,
  onCancel,
  onSave,
}: {
  open: boolean;
  name: string;
  busy: boolean;
  onCancel(): void;
  onSave(phone: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [phone, setPhone] = useState('');
  const valid = PHONE_PATTERN.test(phone) && phone.replace(/\D/g, '').length >= 5;
  return (
    <Modal
      open={open}
      onClose={onCancel}
      width={460}
      title={t('appointments.contact.title')}
      footer={
        <>
          <Button onClick={onCancel}>{t('appointments.modal.cancel')}</Button>
          <Button variant="primary" disabled={phone.trim() === '' || !valid} busy={busy} onClick={() => onSave(phone.trim())}>
            {t('appointments.contact.save')}
          </Button>
        </>
      }
    >
      <p>{name ? t('appointments.contact.textNamed', { name }) : t('appointments.contact.text')}</p>
      <div className="field">
        <label htmlFor={id}>{t('appointments.contact.phone')}</label>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={32}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={phone !== '' && !valid}
        />
      </div>
      {phone !== '' && !valid ? <p className="form-error">{t('appointments.contact.invalid')}</p> : null}
    </Modal>
  );
}

/** Guests (networking.md §2, 500 px): log in, or buy a ticket on the event's page. */
export function LoginOrBuyDialog({ open, eventId, onClose }: { open: boolean; eventId: number; onClose(): void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const loginHref = useLoginHref();
  return (
    <Modal
      open={open}
      onClose={onClose}
      width={500}
      title={t('appointments.loginOrBuy.title')}
      footer={
        <>
          <Link className="btn btn--secondary" to={to(`/events/${eventId}`)} onClick={onClose}>
            {t('appointments.loginOrBuy.buy')}
          </Link>
          <Link className="btn btn--primary" to={loginHref} onClick={onClose}>
            {t('appointments.loginOrBuy.login')}
          </Link>
        </>
      }
    >
      <p>{t('appointments.loginOrBuy.text')}</p>
    </Modal>
  );
}

/**
 * Signed in, but no ticket for the event (networking.md §5 action gating). It offers the ticket
 * itself: the checkout opens over the page, and the person comes back to where they were.
 * Without the checkout host (a page outside the app's layout) the event page opens it instead.
 */
export function TicketsRequiredDialog({ open, eventId, eventName, onClose }: { open: boolean; eventId: number; eventName: string; onClose(): void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const checkout = useContext(CheckoutUiContext);
  return (
    <Modal
      open={open}
      onClose={onClose}
      width={500}
      title={t('appointments.ticketsRequired.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('appointments.close')}</Button>
          {checkout ? (
            <Button
              variant="primary"
              onClick={() => {
                onClose();
                checkout.open(eventId);
              }}
            >
              {t('appointments.ticketsRequired.buy')}
            </Button>
          ) : (
            <Link className="btn btn--primary" to={to(`/events/${eventId}?buy=1`)} onClick={onClose}>
              {t('appointments.ticketsRequired.buy')}
            </Link>
          )}
        </>
      }
    >
      <p>{eventName ? t('appointments.ticketsRequired.textNamed', { name: eventName }) : t('appointments.ticketsRequired.text')}</p>
    </Modal>
  );
}
