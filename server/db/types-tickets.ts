import type { ColumnType, Generated } from 'kysely';
import type { Auto, Json, ReplicatedColumns } from './columns.ts';

/** Tables of tickets, their design and the door (checkins, door staff, the signing secret); db/types.ts joins them into DB. */

export interface TicketsTable extends ReplicatedColumns {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  code: string;
  type: Auto<string>;
  name: Auto<string>;
  company: Auto<string>;
  position: Auto<string>;
  price: ColumnType<number, number | undefined, number>;
  currency: Auto<string>;
  description: Auto<string>;
  place: Auto<string>;
  status: Auto<string>;
  invalid: Auto<boolean>;
  visitor_category: Auto<string>;
  created_at: Auto<Date>;
  /** The order that sold it (040_ticket_sales.sql); null for tickets from the seed or made by hand. */
  order_id: Auto<number | null>;
  ticket_type_id: Auto<number | null>;
  /** The ticket registering for a free event gave (058_registration_tickets.sql). */
  registration: Auto<boolean>;
  /** The ticket that replaced this one when its holder gave it away (065_ticket_transfers.sql). */
  transferred_to: Auto<number | null>;
  transferred_at: Auto<Date | null>;
}

export interface TicketTransfersTable {
  id: Generated<number>;
  from_ticket: number;
  to_ticket: Auto<number | null>;
  from_user: number;
  email: string;
  name: string;
  locale: Auto<string>;
  created_at: Auto<Date>;
  claimed_at: Auto<Date | null>;
}

/** A holder's request to cancel a paid ticket (067_paid_cancel_requests.sql). */
export interface TicketCancelRequestsTable {
  id: Generated<number>;
  ticket_id: number;
  event_id: number;
  user_id: number;
  state: Auto<'open' | 'approved' | 'declined'>;
  created_at: Auto<Date>;
  decided_at: Auto<Date | null>;
  decided_by: Auto<number | null>;
}

export interface TicketDesignsTable {
  event_id: number;
  settings: Json<Record<string, unknown>>;
  updated_at: Auto<Date>;
}

export interface CheckinsTable extends ReplicatedColumns {
  id: string;
  ticket_id: number | null;
  event_id: number;
  code: string;
  device_id: string;
  scanned_by: number;
  result: string;
  scanned_at: Date;
  received_at: Auto<Date>;
  duplicate_of: string | null;
  /** What the server makes of the scan beside what the door decided (005_tickets.sql). */
  server_result: Auto<string>;
  /** The check-in list the scan was made on; 0 the implicit one (070_checkin_lists.sql). */
  list_id: Auto<number>;
}

/** A check-in list of an event (070_checkin_lists.sql). */
export interface CheckinListsTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  type_ids: number[];
  day: string | null;
  reentry: boolean;
  deleted: Auto<boolean>;
  created_at: Auto<Date>;
}

export interface DoorStaffTable {
  event_id: number;
  user_id: number;
  added_by: number;
  created_at: Auto<Date>;
}

export interface TicketSigningSecretTable {
  id: number;
  seed: Uint8Array;
  created_at: Auto<Date>;
}

export interface TicketEmailSendsTable {
  ticket_id: number;
  sent_at: Date;
  sent_by: number;
}

export interface TicketDesignImagesTable {
  name: string;
  thumb: string;
  event_id: number;
  user_id: number;
  bytes: number;
  width: number;
  height: number;
  attached: Auto<boolean>;
  created_at: Auto<Date>;
}

export interface TicketTables {
  tickets: TicketsTable;
  ticket_designs: TicketDesignsTable;
  checkins: CheckinsTable;
  door_staff: DoorStaffTable;
  ticket_signing_secret: TicketSigningSecretTable;
  ticket_email_sends: TicketEmailSendsTable;
  ticket_design_images: TicketDesignImagesTable;
  ticket_transfers: TicketTransfersTable;
  ticket_cancel_requests: TicketCancelRequestsTable;
  checkin_lists: CheckinListsTable;
}
