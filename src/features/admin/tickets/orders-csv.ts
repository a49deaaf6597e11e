import type { TFunction } from 'i18next';
import { clockTime, isKnownZone, isoDay, utcClock, wallClock } from '../../../../contract/time.ts';
import { toCsv, type EventOrder } from '../../../data/index.ts';

/**
 * The orders export: one row per ticket, each with its order's code, state, buyer and times, so a
 * spreadsheet can count by order or by attendee. Headers and states are in the organiser's
 * language; times on the event's clock as "YYYY-MM-DD HH:mm", which spreadsheets read as dates.
 */
export function ordersCsv(t: TFunction, orders: readonly EventOrder[], timeZone: string): string {
  const when = (unix: number) => {
    if (!unix) return '';
    const w = isKnownZone(timeZone) ? wallClock(unix * 1000, timeZone) : utcClock(unix * 1000);
    return `${isoDay(w)} ${clockTime(w)}`;
  };
  const header = [
    t('sales.csv.order'),
    t('sales.csv.state'),
    t('sales.csv.method'),
    t('sales.csv.buyer'),
    t('sales.csv.email'),
    t('sales.csv.total'),
    t('sales.csv.promoCode'),
    t('sales.csv.discount'),
    t('sales.csv.currency'),
    t('sales.csv.ordered'),
    t('sales.csv.paid'),
    t('sales.csv.ended'),
    t('sales.csv.type'),
    t('sales.csv.price'),
    t('sales.csv.attendee'),
    t('sales.csv.company'),
    t('sales.csv.position'),
  ];
  const rows = orders.flatMap((o) =>
    o.lines.map((l) => [
      o.code,
      t(`sales.state.${o.state}`),
      t(`admin.sales.method.${o.method}`),
      o.buyer,
      o.email,
      o.total,
      o.promo_code,
      o.discount,
      o.currency,
      when(o.created_at),
      when(o.paid_at),
      when(o.ended_at),
      l.type,
      l.price,
      l.name,
      l.company,
      l.position,
    ]),
  );
  return toCsv([header, ...rows]);
}
