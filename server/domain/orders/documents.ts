import { NO_WAITLIST, waitlistDocId, type WaitlistState } from '../../../contract/waitlist.ts';
import {
  NO_SALES_ADMIN,
  type AdminTicketType,
  type EventSales,
  type EventSalesAdmin,
  type PaidMethod,
  type PublicTicketType,
} from '../../../contract/sales.ts';
import { NO_ORDER } from '../../../contract/orders.ts';
import { orderDocId, type TicketDoc } from '../../../contract/tickets.ts';
import { toUnix, type Q } from '../../db/tx.ts';
import { eventSummary } from '../tickets/repository.ts';
import type { OrderFeedRow, OrderRow } from './repository.ts';
import { salesSettingsOf, ticketTypesOf, type TypeRow } from './types-repository.ts';
import { promoCodesOf, type PromoRow } from './promo-repository.ts';
import { sharedQuotasOf } from './quota-repository.ts';
import { userEntriesSince, type EntryFeedRow } from './waitlist-repository.ts';
import type { AdminPromoCode } from '../../../contract/promo.ts';

/**
 * The sales parts of event documents (contract/sales.ts): what buyers see (types that are not
 * hidden, with "sold out" but no counts, which would give the event a new rev on every sale) and,
 * for the organisers' copies, every type with its quota and the payment settings.
 */

export interface EventSalesParts {
  open: Omit<EventSales, 'currency'>;
  admin: EventSalesAdmin;
}

/** Which shared quotas have no place left, by id: every type in one shows sold out. */
type FullQuotas = ReadonlySet<number>;

function publicType(t: TypeRow, full: FullQuotas): PublicTicketType {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    price: Number(t.price),
    sale_starts: toUnix(t.sale_starts_at),
    sale_ends: toUnix(t.sale_ends_at),
    max_per_order: t.max_per_order,
    max_per_person: t.max_per_person,
    ask_name: t.ask_name,
    ask_company: t.ask_company,
    ask_position: t.ask_position,
    sold_out: (t.quota !== null && t.taken >= t.quota) || (t.shared_quota_id !== null && full.has(t.shared_quota_id)),
    sort: t.sort,
  };
}

function adminType(t: TypeRow, full: FullQuotas): AdminTicketType {
  return { ...publicType(t, full), hidden: t.hidden, access_key: t.access_key, limited: t.quota !== null, quota: t.quota ?? 0 };
}

/** A promo code as the organisers' copy carries it: its terms, never how often it was used. */
function adminPromo(p: PromoRow): AdminPromoCode {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    value: Number(p.value),
    type_ids: p.type_ids,
    max_uses: p.max_uses ?? 0,
    valid_from: toUnix(p.valid_from),
    valid_until: toUnix(p.valid_until),
    active: p.active,
  };
}

/** The sales parts of each event, by event id; events that sell nothing are left out. */
export async function salesPartsOf(q: Q, eventIds: number[]): Promise<Map<number, EventSalesParts>> {
  const [types, settings, promos, quotas] = await Promise.all([
    ticketTypesOf(q, eventIds),
    salesSettingsOf(q, eventIds),
    promoCodesOf(q, eventIds),
    sharedQuotasOf(q, eventIds),
  ]);
  const full = new Set(quotas.filter((x) => x.taken >= x.size).map((x) => x.id));
  const out = new Map<number, EventSalesParts>();
  const entry = (id: number) => {
    let e = out.get(id);
    if (!e) {
      e = { open: { methods: [], types: [] }, admin: { ...NO_SALES_ADMIN, types: [], promo_codes: [], quotas: [] } };
      out.set(id, e);
    }
    return e;
  };
  for (const t of types) {
    const e = entry(t.event_id);
    e.admin.types.push(adminType(t, full));
    if (!t.hidden) e.open.types.push(publicType(t, full));
  }
  for (const x of quotas) entry(x.event_id).admin.quotas.push({ id: x.id, name: x.name, size: x.size, type_ids: x.type_ids });
  for (const p of promos) entry(p.event_id).admin.promo_codes.push(adminPromo(p));
  for (const s of settings) {
    const e = entry(s.event_id);
    const methods: PaidMethod[] = [];
    if (s.transfer_enabled) methods.push('transfer');
    if (s.card_enabled) methods.push('card');
    e.open.methods = methods;
    const { event_id: _event, ...stored } = s;
    e.admin = { ...e.admin, ...stored };
  }
  return out;
}

/** An order in brief, as its documents and the buyer's answers carry it; the instructions only while it waits. */
export function orderSummary<L>(r: OrderRow, lines: L[]) {
  return {
    id: r.id,
    code: r.code,
    state: r.state,
    method: r.method,
    total: Number(r.total),
    currency: r.currency.trim(),
    created_at: toUnix(r.created_at),
    expires_at: r.state === 'pending' ? toUnix(r.expires_at) : 0,
    paid_at: toUnix(r.paid_at),
    ended_at: toUnix(r.ended_at),
    instructions: r.state === 'pending' ? r.instructions : '',
    lines,
    promo_code: r.promo_code,
    discount: Number(r.discount),
  };
}

/**
 * An order as its buyer's devices hold it: a document of the tickets collection of kind `order`
 * (contract/tickets.ts says why it shares the collection). Its ticket fields are empty; the event
 * summary is there, so a pending order shows where and when without the event document.
 */
export function toOrderDoc(r: OrderFeedRow): TicketDoc & { deleted: boolean } {
  const when = toUnix(r.starts_at);
  const whenEnd = toUnix(r.ends_at);
  const lines = typeof r.lines === 'string' ? (JSON.parse(r.lines) as OrderFeedRow['lines']) : r.lines;
  return {
    id: orderDocId(r.id),
    kind: 'order',
    ticket_id: 0,
    event_id: r.event_id,
    code: '',
    qr: '',
    type: '',
    name: '',
    company: '',
    position: '',
    price: Number(r.total),
    currency: r.currency.trim(),
    description: '',
    place: '',
    status: r.state,
    invalid: false,
    visitor_category: '',
    created_at: toUnix(r.created_at),
    when,
    when_end: whenEnd,
    download_link: '',
    send_email_link: '',
    event: eventSummary(r),
    user: { first_name: '', last_name: '', full_name: '', profile_link: '', company: { name: '', position: '', visitor_category: '' } },
    order: orderSummary(
      r,
      lines.map((l) => ({ type: l.type, price: Number(l.price), name: l.name })),
    ),
    waitlist: NO_WAITLIST,
    paid_cancel: '',
    rev: r.rev,
    deleted: r.deleted || r.event_deleted,
  };
}

/**
 * A place in a waitlist as its person's devices hold it: a document of the tickets collection of
 * kind `waitlist` (there is no room for another collection, and My tickets lists it beside the
 * orders), so the place in line and an open offer show offline. Its ticket fields are empty but
 * the type's name and price; the offer's key rides only here, in its own person's feed.
 */
export function toWaitlistDoc(r: EntryFeedRow): TicketDoc & { deleted: boolean } {
  const state = r.state as WaitlistState;
  const offered = state === 'offered';
  return {
    id: waitlistDocId(r.id),
    kind: 'waitlist',
    ticket_id: 0,
    event_id: r.event_id,
    code: '',
    qr: '',
    type: r.type_name,
    name: '',
    company: '',
    position: '',
    price: Number(r.price),
    currency: r.currency.trim(),
    description: '',
    place: '',
    status: state,
    invalid: false,
    visitor_category: '',
    created_at: toUnix(r.created_at),
    when: toUnix(r.starts_at),
    when_end: toUnix(r.ends_at),
    download_link: '',
    send_email_link: '',
    event: eventSummary(r),
    user: { first_name: '', last_name: '', full_name: '', profile_link: '', company: { name: '', position: '', visitor_category: '' } },
    order: NO_ORDER,
    waitlist: {
      entry_id: r.id,
      type_id: r.ticket_type_id,
      state,
      place: r.place,
      offer_key: offered ? (r.offer_key ?? '') : '',
      offer_expires: offered ? toUnix(r.offer_expires_at) : 0,
      offered_at: toUnix(r.offered_at),
    },
    paid_cancel: '',
    rev: r.rev,
    deleted: r.event_deleted,
  };
}

/** A page of the person's places in waitlists for the tickets feed, as documents in rev order. */
export async function waitlistDocsSince(q: Q, userId: number, checkpoint: number, limit: number) {
  return (await userEntriesSince(q, userId, checkpoint, limit)).map(toWaitlistDoc);
}
