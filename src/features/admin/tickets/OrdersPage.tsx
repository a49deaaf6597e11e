import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contract/money.ts';
import { ORDER_STATES, type OrderState } from '../../../../contract/sales.ts';
import { useEventOrders, useOrderActions, useSyncStatus, type SalesAdminData } from '../../../data/index.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { downloadText, eventFileName } from '../../../ui/download.ts';
import { dateFormat } from '../../../ui/intl.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLocale, useLocalePath } from '../../../ui/useLocale.ts';
import { CancelRequestsPanel } from './CancelRequestsPanel.tsx';
import { OrderRow } from './OrderRow.tsx';
import { ordersCsv } from './orders-csv.ts';
import { Field, FormError } from '../../../ui/form/Field.tsx';

const PAGE = 50;
/** Typing in the search asks the server once the organiser pauses (the specs' search debounce). */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The orders of one event, read from the server: they hold
 * buyers' addresses and change with every sale, and an action on one (mark paid, cancel, refund)
 * is judged against the order as it is now (docs/DESIGN.md, "Orders on the server"). Offline the
 * last list stays on screen, said to be as of when it was fetched, and the actions wait.
 */
export function OrdersPanel({ data }: { data: SalesAdminData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const idp = useId();
  const eventId = data.event.event_id;
  const sync = useSyncStatus();
  const offline = sync.state === 'offline';
  const [state, setState] = useState<OrderState | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const firstPage = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const orders = useEventOrders(eventId, { state, search, limit: PAGE, offset: (pageNo - 1) * PAGE });
  const result = orders.result;
  const page = result?.ok ? result.data : null;
  const asOf = orders.fetchedAt ? dateFormat(locale, { timeStyle: 'short' }).format(orders.fetchedAt) : '';

  return (
    <>
      {offline || (result && !result.ok && result.code === 'network_error') ? (
        <p className="sales__offline" role="status">
          {page ? t('sales.orders.offlineAsOf', { time: asOf }) : t('sales.orders.offline')}
        </p>
      ) : null}
      {result && !result.ok && result.code !== 'network_error' ? (
        <FormError>{t(`errors.${result.code}`, { defaultValue: t('errors.unknown_error') })}</FormError>
      ) : null}

      {page ? (
        <ul className="sales__figures" aria-label={t('sales.orders.figures')}>
          {ORDER_STATES.map((s) => (
            <li key={s}>
              {t(`sales.state.${s}`)}: <strong>{page.counts[s] ?? 0}</strong>
            </li>
          ))}
          <li>
            {t('sales.orders.revenue')}: <strong>{formatMoney(page.revenue, data.sales.currency, locale)}</strong>
          </li>
        </ul>
      ) : null}

      <CancelRequestsPanel eventId={eventId} timeZone={data.event.timezone} offline={offline} onDecided={orders.reload} />

      <ExportOrders data={data} offline={offline} />

      <div className="sales__filters">
        <Field id={`${idp}-state`} label={t('sales.orders.filterState')}>
          <select
            value={state ?? ''}
            onChange={(e) => {
              firstPage();
              setState((e.target.value || null) as OrderState | null);
            }}
          >
            <option value="">{t('sales.orders.allStates')}</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`sales.state.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${idp}-q`} label={t('sales.orders.search')}>
          <input
            type="search"
            value={typed}
            maxLength={100}
            placeholder={t('sales.orders.searchPlaceholder')}
            onChange={(e) => {
              firstPage();
              setTyped(e.target.value);
            }}
          />
        </Field>
      </div>

      {!page ? (
        orders.loading ? (
          <Spinner label={t('common.loading')} />
        ) : null
      ) : page.items.length === 0 ? (
        <EmptyState compact title={search || state ? t('sales.orders.noMatch') : t('sales.orders.empty')} />
      ) : (
        <>
          <ul className="admin__list">
            {page.items.map((o) => (
              <OrderRow key={o.id} eventId={eventId} order={o} timeZone={data.event.timezone} offline={offline} onChanged={orders.reload} />
            ))}
          </ul>
          <Pagination
            page={pageNo}
            totalPages={Math.ceil(page.total / PAGE)}
            margin={2}
            hrefFor={(n) => `${to(`/admin/events/${eventId}/orders`)}${n > 1 ? `?page=${n}` : ''}`}
          />
        </>
      )}
    </>
  );
}

/** Downloads every order of the event as CSV (orders-csv.ts), asked of the server when pressed. */
function ExportOrders({ data, offline }: { data: SalesAdminData; offline: boolean }) {
  const { t } = useTranslation();
  const actions = useOrderActions();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const run = async () => {
    setBusy(true);
    setNote('');
    const result = await actions.exportAll(data.event.event_id);
    setBusy(false);
    if (!result.ok) {
      setNote(result.code === 'network_error' ? t('sales.orders.exportFailed') : t(`errors.${result.code}`, { defaultValue: t('errors.unknown_error') }));
      return;
    }
    downloadText(eventFileName(data.event.name, 'orders', 'csv'), ordersCsv(t, result.data.items, data.event.timezone), 'text/csv;charset=utf-8');
    if (!result.data.complete) setNote(t('sales.orders.exportPartial', { n: result.data.items.length }));
  };
  return (
    <div className="sales__export">
      <button type="button" className="btn btn--secondary" disabled={busy || offline} onClick={() => void run()}>
        {busy ? t('sales.orders.exporting') : t('sales.orders.export')}
      </button>
      {note ? (
        <p className="muted small" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
