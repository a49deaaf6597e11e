import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDEE_FIELDS, TICKET_TYPE_LIMITS, type AttendeeField } from '../../../contract/sales.ts';
import { cartTickets, type CartDoc, type OfferType } from '../../data/index.ts';

/**
 * Step two: the attendee details each ticket's type asks for (name, company, position), one block
 * per ticket. A required field left empty is named next to itself once the buyer tries to go on.
 */
export function DetailsStep({
  types,
  cart,
  problems,
  showProblems,
  onChange,
}: {
  types: OfferType[];
  cart: CartDoc;
  problems: Set<string>;
  showProblems: boolean;
  onChange(typeId: number, index: number, field: AttendeeField, value: string): void;
}) {
  const { t } = useTranslation();
  const idp = useId();
  const tickets = cartTickets(cart, types);
  return (
    <div className="checkout__attendees">
      {tickets.map(({ type, index, attendee }, n) => {
        const asked = ATTENDEE_FIELDS.filter((f) => type[`ask_${f}`] !== 'off');
        return (
          <fieldset key={`${type.id}-${index}`} className="checkout__attendee">
            <legend>{t('checkout.ticketN', { n: n + 1, type: type.name })}</legend>
            {asked.length === 0 ? <p className="muted small">{t('checkout.nothingAsked')}</p> : null}
            {asked.map((field) => {
              const id = `${idp}-${type.id}-${index}-${field}`;
              const required = type[`ask_${field}`] === 'required';
              const missing = showProblems && problems.has(`${type.id}.${index}.${field}`);
              return (
                <div key={field} className="field">
                  <label htmlFor={id}>
                    {t(`checkout.fields.${field}`)}
                    {required ? null : <span className="muted"> {t('checkout.optional')}</span>}
                  </label>
                  <input
                    id={id}
                    type="text"
                    value={attendee[field]}
                    maxLength={TICKET_TYPE_LIMITS.attendeeText}
                    autoComplete={field === 'name' ? 'name' : field === 'company' ? 'organization' : 'organization-title'}
                    required={required}
                    aria-invalid={missing || undefined}
                    aria-describedby={missing ? `${id}-error` : undefined}
                    onChange={(e) => onChange(type.id, index, field, e.target.value)}
                  />
                  {missing ? (
                    <p id={`${id}-error`} className="field__error">
                      {t('checkout.required')}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
