import { useTranslation } from 'react-i18next';
import type { SalesFigures as Figures } from '../../../../contract/admin-people.ts';
import { formatMoney } from '../../../../contract/money.ts';
import { filledSeries } from '../../../data/index.ts';
import { BarChart } from './BarChart.tsx';
import { NumberCards, type NumberCard } from './NumberCards.tsx';

/**
 * The overview's ticket sales: what paid orders brought, what waits for payment and what was
 * refunded, each ticket type's tickets, the payment methods, and tickets sold per day. Money is the
 * server's count, in the event's currency, as of when the overview was read.
 */
export function SalesFigures({ sales, label }: { sales: Figures; label: (at: string) => string }) {
  const { t, i18n } = useTranslation();
  if (sales.by_type.length === 0) return null;
  const money = (n: number) => formatMoney(n, sales.currency, i18n.language);
  const sold = sales.by_type.reduce((n, ty) => n + ty.sold, 0);
  const cards: NumberCard[] = [
    [t('admin.sales.revenue'), money(sales.revenue), t('admin.sales.revenueDetail', { tickets: sold, orders: sales.orders.paid })],
    [t('admin.sales.pending'), money(sales.pending), t('admin.sales.orders', { n: sales.orders.pending })],
    [t('admin.sales.refunded'), money(sales.refunded), t('admin.sales.orders', { n: sales.orders.refunded })],
  ];
  return (
    <section className="overview-sales" aria-labelledby="overview-sales-title">
      <h3 id="overview-sales-title" className="overview-sales__title">
        {t('admin.sales.title')}
      </h3>
      <NumberCards cards={cards} money />
      <h4 className="overview-sales__sub">{t('admin.sales.byType')}</h4>
      <ul className="overview-types">
        {sales.by_type.map((ty) => (
          <li key={ty.type_id}>
            <span className="overview-types__name">{ty.name}</span>
            <span className="overview-types__figures">
              <span>
                {t('admin.sales.sold')}: {ty.quota === null ? ty.sold : t('admin.sales.ofQuota', { n: ty.sold, quota: ty.quota })}
              </span>
              <span>
                {t('admin.sales.waiting')}: {ty.pending}
              </span>
              <strong>{money(ty.revenue)}</strong>
            </span>
          </li>
        ))}
      </ul>
      {sales.by_method.length > 0 ? <h4 className="overview-sales__sub">{t('admin.sales.byMethod')}</h4> : null}
      {sales.by_method.length > 0 ? (
        <ul className="overview-methods">
          {sales.by_method.map((m) => (
            <li key={m.method}>
              {t(`admin.sales.method.${m.method}`)}: <strong>{money(m.revenue)}</strong>{' '}
              <span className="muted">{t('admin.sales.orders', { n: m.orders })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="overview-charts">
        <BarChart title={t('admin.sales.ticketsByDay')} caption={t('admin.sales.ticketsByDay')} series={filledSeries(sales.tickets_by_day)} label={label} />
        <BarChart
          title={t('admin.sales.revenueByDay')}
          caption={t('admin.sales.revenueByDay')}
          series={filledSeries(sales.revenue_by_day)}
          label={label}
          value={money}
        />
      </div>
    </section>
  );
}
