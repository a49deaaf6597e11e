import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoOffer } from '../../../contract/promo.ts';
import { Button } from '../../ui/Button.tsx';

export interface PromoState {
  applied: PromoOffer | null;
  busy: boolean;
  /** Why the code typed (or the one applied) cannot be used: an error code, or network_error. */
  refusal: string | null;
  apply(code: string): Promise<void>;
  remove(): void;
}

/**
 * The promo code field of the checkout's last step: type a code and apply it, or see the one
 * applied and take it off. A refusal is worded under the field, tied to the input for screen readers.
 */
export function PromoField({ promo, disabled }: { promo: PromoState; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const refusal = promo.refusal
    ? promo.refusal === 'network_error'
      ? t('checkout.promo.offline')
      : t(`errors.${promo.refusal}`, { defaultValue: t('errors.unknown_error') })
    : null;
  if (promo.applied) {
    return (
      <div className="checkout__promo">
        <p className="checkout__promo-applied" role="status">
          {t('checkout.promo.applied', { code: promo.applied.code })}
          <Button size="sm" variant="ghost" onClick={promo.remove}>
            {t('checkout.promo.remove')}
          </Button>
        </p>
        {refusal ? (
          <p className="field__error" role="alert">
            {refusal}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form
      className="checkout__promo"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void promo.apply(typed);
      }}
    >
      <label htmlFor={id}>{t('checkout.promo.label')}</label>
      <div className="checkout__promo-row">
        <input
          id={id}
          type="text"
          name="promo_code"
          value={typed}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" busy={promo.busy} disabled={disabled || !typed.trim()}>
          {t('checkout.promo.apply')}
        </Button>
      </div>
      {refusal ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
