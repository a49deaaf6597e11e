import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { priceText } from './format.ts';
import type { CheckoutStep } from './useCheckout.ts';

/** The numbered steps above the checkout, the current one marked for screen readers too. */
export function StepList({ steps, current }: { steps: CheckoutStep[]; current: CheckoutStep }) {
  const { t } = useTranslation();
  return (
    <ol className="checkout__steps" aria-label={t('checkout.stepsLabel')}>
      {steps.map((s, i) => (
        <li key={s} aria-current={s === current ? 'step' : undefined} className={s === current ? 'checkout__step checkout__step--current' : 'checkout__step'}>
          {t('checkout.stepN', { n: i + 1, name: t(`checkout.steps.${s}`) })}
        </li>
      ))}
    </ol>
  );
}

/**
 * The row under the checkout: back, the running total while choosing, and continue, which the
 * pay step replaces with its own button for placing the order.
 */
export function CheckoutNav({
  current,
  count,
  total,
  currency,
  onBack,
  onContinue,
}: {
  current: CheckoutStep;
  count: number;
  total: number;
  currency: string;
  onBack(): void;
  onContinue(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="checkout__nav">
      {current !== 'choose' ? <Button onClick={onBack}>{t('checkout.back')}</Button> : <span />}
      {current === 'choose' ? (
        <p className="checkout__running muted">{count > 0 ? t('checkout.chosen', { count, total: priceText(t, total, currency, locale) }) : null}</p>
      ) : null}
      {current !== 'pay' ? (
        <Button variant="primary" disabled={count === 0} onClick={onContinue}>
          {t('checkout.continue')}
        </Button>
      ) : null}
    </div>
  );
}
