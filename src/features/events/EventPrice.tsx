import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import { priceView, type PricedEvent } from '../../ui/format/price.ts';

export function EventPrice({ event, className }: { event: PricedEvent; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const view = priceView(event, locale);
  if (!view) return null;
  if (view.kind === 'free') return <span className={`price price--free ${className ?? ''}`}>{t('price.free')}</span>;
  return (
    <span className={`price ${className ?? ''}`}>
      {t('price.from', { amount: view.amount })}
      {view.approx ? (
        <span className="price__approx" title={t('price.approxHint')}>
          {' '}
          {t('price.approx', { amount: view.approx })}
        </span>
      ) : null}
    </span>
  );
}
