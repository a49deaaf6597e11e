import type { ColumnType, Generated } from 'kysely';
import type { Auto, Rev } from './columns.ts';

/**
 * The tables of ticket sales (040_ticket_sales.sql): ticket types, the event's payment settings,
 * orders, their lines and the payment provider's applied webhook events. Kept beside types.ts, which
 * holds every other table; `DB` there extends this.
 */

/** numeric(12,2): read as a number (db/index.ts parsers), written as a number. */
type Money = ColumnType<number, number | undefined, number>;

export type AskMode = 'off' | 'optional' | 'required';

export interface TicketTypesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  description: Auto<string>;
  price: Money;
  quota: number | null;
  taken: Auto<number>;
  sale_starts_at: Date | null;
  sale_ends_at: Date | null;
  hidden: Auto<boolean>;
  max_per_order: Auto<number>;
  max_per_person: Auto<number>;
  ask_name: Auto<AskMode>;
  ask_company: Auto<AskMode>;
  ask_position: Auto<AskMode>;
  sort: Auto<number>;
  deleted: Auto<boolean>;
  created_at: Auto<Date>;
  /** 063_hidden_types_shared_quotas.sql: the key of the type's private link. */
  access_key: Auto<string>;
  /** The shared quota the type is in, if any (ticket_quotas). */
  shared_quota_id: Auto<number | null>;
}

/** 063_hidden_types_shared_quotas.sql: quotas shared across types; `taken` moves only by conditional statements. */
export interface TicketQuotasTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  size: number;
  taken: Auto<number>;
  deleted: Auto<boolean>;
  created_at: Auto<Date>;
}

export interface TicketSalesSettingsTable {
  event_id: number;
  transfer_enabled: Auto<boolean>;
  transfer_instructions: Auto<string>;
  transfer_hours: Auto<number>;
  card_enabled: Auto<boolean>;
  /** Hours before the start when holders' edits of attendee details close (065_ticket_transfers.sql). */
  edit_hours: Auto<number>;
  /** Whether holders may ask to cancel paid tickets (067_paid_cancel_requests.sql). */
  paid_cancel: Auto<'never' | 'request'>;
  updated_at: Auto<Date>;
  /** 064_waitlist.sql: how long a waitlist offer holds its place. */
  waitlist_offer_hours: Auto<number>;
}

export interface OrdersTable {
  id: Generated<number>;
  code: string;
  event_id: number;
  user_id: number;
  client_key: string;
  state: string;
  method: string;
  total: Money;
  currency: string;
  email: string;
  locale: Auto<string>;
  instructions: Auto<string>;
  expires_at: Date | null;
  paid_at: Auto<Date | null>;
  ended_at: Auto<Date | null>;
  ended_by: Auto<number | null>;
  provider_session: Auto<string | null>;
  provider_payment: Auto<string | null>;
  created_at: Auto<Date>;
  rev: Rev;
  deleted: Auto<boolean>;
  promo_code_id: Auto<number | null>;
  promo_code: Auto<string>;
  discount: Money;
  promo_uses: Auto<number>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  ticket_type_id: number;
  type_name: string;
  price: Money;
  name: Auto<string>;
  company: Auto<string>;
  position: Auto<string>;
  ticket_id: Auto<number | null>;
  discount: Money;
  /** The holder cancelled this line's ticket (065_ticket_transfers.sql): its place went back then. */
  cancelled_at: Auto<Date | null>;
}

/** 062_promo_codes.sql: an event's promo codes; `used` moves only by conditional statements. */
export interface PromoCodesTable {
  id: Generated<number>;
  event_id: number;
  code: string;
  kind: string;
  value: Money;
  type_ids: Auto<number[]>;
  max_uses: number | null;
  used: Auto<number>;
  valid_from: Date | null;
  valid_until: Date | null;
  active: Auto<boolean>;
  created_at: Auto<Date>;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  order_id: number | null;
  received_at: Auto<Date>;
}

/** 064_waitlist.sql: places in the lines of sold-out types and the offers made to them. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  event_id: number;
  ticket_type_id: number;
  user_id: number;
  state: Auto<string>;
  offer_key: Auto<string | null>;
  offered_at: Auto<Date | null>;
  offer_expires_at: Auto<Date | null>;
  order_id: Auto<number | null>;
  locale: Auto<string>;
  created_at: Auto<Date>;
  ended_at: Auto<Date | null>;
  rev: Rev;
}

export interface SalesTables {
  ticket_types: TicketTypesTable;
  ticket_sales_settings: TicketSalesSettingsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payment_events: PaymentEventsTable;
  promo_codes: PromoCodesTable;
  ticket_quotas: TicketQuotasTable;
  waitlist_entries: WaitlistEntriesTable;
}
