import type { ColumnType, Generated } from 'kysely';
import type { AdminTables } from './types-admin.ts';
import type { SalesTables } from './types-sales.ts';
import type { PersonalTables } from './types-personal.ts';
import type { TicketTables } from './types-tickets.ts';
import type { TalkTables } from './types-talk.ts';
import type { Auto, Json, ReplicatedColumns } from './columns.ts';

export interface CountriesTable {
  code: string;
  name: string;
}
export interface CitiesTable {
  id: number;
  name: string;
  country_code: string;
  lat: Auto<number>;
  lng: Auto<number>;
}
export interface CategoriesTable {
  id: number;
  name: string;
}

export interface UsersTable extends ReplicatedColumns {
  /** The public code of the person's referral links (053_referrals.sql). */
  referral_code: Auto<string>;
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: Auto<string>;
  last_name: Auto<string>;
  avatar: Auto<string>;
  country_code: string | null;
  city_id: number | null;
  phone: Auto<string>;
  position: Auto<string>;
  company: Auto<string>;
  help: Auto<string>;
  status: Auto<string>;
  show_status: Auto<number>;
  trip_status: Auto<number>;
  hobby: Auto<string>;
  sex: number | null;
  birth_year: number | null;
  social: Json<Record<string, string>>;
  show_email: Auto<boolean>;
  hide_phone: Auto<boolean>;
  hide_trip_plan: Auto<boolean>;
  hide_from_visitors: Auto<boolean>;
  /** Gender and age shown to others (057_privacy_defaults.sql); off unless the person turns it on. */
  show_personal: Auto<boolean>;
  disabled: Auto<boolean>;
  created_at: Auto<Date>;
  email_verified: Auto<boolean>;
  locale: Auto<string>;
  /** A default in the database, so inserts may leave it out. */
  notify_email: ColumnType<Record<string, boolean>, string | undefined, string>;
  /** Which notices also come as a push (069_web_push.sql); like notify_email. */
  notify_push: ColumnType<Record<string, boolean>, string | undefined, string>;
}

export interface SessionsTable {
  token_hash: Uint8Array;
  user_id: number;
  created_at: Auto<Date>;
  expires_at: Date;
  id: Generated<number>;
  user_agent: Auto<string>;
}
export interface AccountTokensTable {
  token_hash: Uint8Array;
  user_id: number;
  purpose: 'verify' | 'reset' | 'email' | 'email_undo';
  email: string;
  created_at: Auto<Date>;
  expires_at: Date;
  /** An email change's link: the session that asked for it, kept when the change completes (055_account_safety.sql). */
  session_hash: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
}
/** Session handoff tokens exchanged for a browser session, or one-time codes waiting to be (055_account_safety.sql). */
export interface SessionHandoffsTable {
  token_hash: Uint8Array;
  user_id: number;
  kind: 'session' | 'code';
  created_at: Auto<Date>;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export interface CompaniesTable extends ReplicatedColumns {
  id: Generated<number>;
  event_id: number | null;
  name: string;
  location: Auto<string>;
  link: Auto<string>;
  description: Auto<string>;
  phone: Auto<string>;
  email: Auto<string>;
  image: Auto<string>;
  image_thumb: Auto<string>;
  sort: Auto<number>;
  /** The command that made the stand on a device, until that device learns the id (033_admin_stands.sql). */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EventOptions {
  broadcast_background: string;
  menu: { id: number; name: string }[];
}

/** One line of an event's visitors_cities or visitors_countries. */
export interface PlaceCount {
  id: number;
  name: string;
  count_users_from: number;
}

export interface EventsTable extends ReplicatedColumns {
  id: Generated<number>;
  name: string;
  category_id: number;
  city_id: number | null;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  is_webinar: Auto<boolean>;
  webinar_link: Auto<string>;
  video_type: Auto<number>;
  where_text: Auto<string>;
  address: Auto<string>;
  place_public: Auto<boolean>;
  place_name: Auto<string>;
  place_address: Auto<string>;
  poster: Auto<string>;
  description: Auto<string>;
  ticket_min_price: ColumnType<number, number | undefined, number>;
  currency: Auto<string>;
  is_free: Auto<boolean>;
  barcode_type: Auto<string>;
  company_id: number | null;
  options: ColumnType<EventOptions, string | undefined, string>;
  users_online: Auto<number>;
  favorites_count: Auto<number>;
  total_people: Auto<number>;
  /** Checked-in, unhidden visitors per city and per country (060_event_people_counts.sql). */
  visitors_cities: ColumnType<PlaceCount[], string | undefined, string>;
  visitors_countries: ColumnType<PlaceCount[], string | undefined, string>;
  meetings_count: Auto<number>;
  visitors_with_appointments_count: Auto<number>;
  created_at: Auto<Date>;
  /** draft | published | cancelled (migration 014). */
  status: Auto<string>;
  created_by: number | null;
  venue_city: Auto<string>;
  lat: number | null;
  lng: number | null;
}

export interface UserEventsTable extends ReplicatedColumns {
  event_id: number;
  user_id: number;
  role: Auto<string>;
  menu_id: number | null;
  is_owner: Auto<boolean>;
  is_moderator: Auto<boolean>;
  is_favorite: Auto<boolean>;
  checked_in: Auto<boolean>;
  checked_in_at: Date | null;
  viewed_at: Date | null;
  about: Auto<string>;
  interest: Auto<string>;
}

export interface ScheduleDaysTable extends ReplicatedColumns {
  id: Generated<number>;
  event_id: number;
  date: string;
  title: Auto<string>;
}
export interface TracksTable extends ReplicatedColumns {
  id: Generated<number>;
  event_id: number;
  title: string;
  sort: Auto<number>;
  /** The command that made it on a device, until that device learns the id (030_admin_schedule.sql). */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface SpeechesTable extends ReplicatedColumns {
  id: Generated<number>;
  event_id: number;
  track_id: number;
  day_date: string;
  title: string;
  description: Auto<string>;
  starts_at: Date;
  ends_at: Date;
  presentation_url: Auto<string>;
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface SpeechSpeakersTable {
  id: Generated<number>;
  speech_id: number;
  /** Null for a guest speaker, who has a name and a picture instead (030_admin_schedule.sql). */
  user_id: number | null;
  name: Auto<string>;
  picture: Auto<string>;
  sort: Auto<number>;
}

export interface MeetingSettingsTable {
  event_id: number;
  slot_minutes: Auto<number>;
  tables_count: Auto<number>;
  places: ColumnType<Record<string, string>, string | undefined, string>;
  allowed_times: ColumnType<{ day: string; from: string; to: string }[], string | undefined, string>;
  /** Place id -> how many of the tables stand there (032_meeting_places.sql). */
  place_tables: ColumnType<Record<string, number>, string | undefined, string>;
}

export interface AppointmentsTable extends ReplicatedColumns {
  id: Generated<number>;
  event_id: number;
  from_user_id: number;
  to_user_id: number;
  date: string;
  starts_at: Date | null;
  ends_at: Date | null;
  any_time: Auto<boolean>;
  comment: Auto<string>;
  place: number | null;
  table_num: number | null;
  where_type: number | null;
  where_text: Auto<string>;
  response: number | null;
  response_msg: Auto<string>;
  canceled_by: number | null;
  request_date: Auto<Date>;
  occurred_at: Date | null;
  updated_at: Auto<Date>;
}

export interface StandMembersTable {
  company_id: number;
  user_id: number;
  position: Auto<string>;
  is_manager: Auto<boolean>;
  sort: Auto<number>;
}

/** Leads at the stand (068_stand_leads.sql). */
export interface StandLeadsTable {
  company_id: number;
  user_id: number;
  /** contract/contacts.ts ContactCard without user_id; null when the person is not a lead now. */
  card: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  scanned_at: Auto<Date | null>;
  scanned_by: Auto<number | null>;
  note: Auto<string>;
  rating: Auto<number>;
  removed_at: Auto<Date | null>;
  withdrawn: Auto<boolean>;
}

export interface UserRelationsTable extends ReplicatedColumns {
  user_id: number;
  target_user_id: number;
  like_status: Auto<number>;
  favorite: Auto<boolean>;
  /** Meet by QR (066_contacts.sql): when they met, null when the other person is not a contact. */
  contact_at: Auto<Date | null>;
  contact_event_id: Auto<number | null>;
  /** contract/contacts.ts ContactCard without user_id: what the other person shared. */
  contact_card: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  contact_note: Auto<string>;
  contact_removed_at: Auto<Date | null>;
}
export interface FriendsTable {
  user_id: number;
  friend_id: number;
  created_at: Auto<Date>;
}
export interface TripsTable {
  event_id: number;
  user_id: number;
  hotel: Auto<string>;
  transport_before: Auto<string>;
  transport_after: Auto<string>;
  image: Auto<string>;
  updated_at: Auto<Date>;
}
/** The rev of each person's visitor document per event, kept by triggers (009_visitor_revs.sql). */
/** An event's listed participants per home city (060_event_people_counts.sql). */
export interface EventCityPeopleTable {
  event_id: number;
  city_id: number;
  people: number;
}

export interface VisitorRevsTable {
  event_id: number;
  user_id: number;
  rev: number;
}

/** The one key every appointment's video room derives from (003_appointments.sql). */
export interface AppointmentVideoKeysTable {
  id: number;
  secret: string;
}
export interface AppointmentInvitesTable {
  appointment_id: number;
  user_id: number;
  invited_by: number;
  created_at: Auto<Date>;
}

/** Single-use passes that open a socket in place of the session token (012_socket_passes.sql). */
export interface SocketPassesTable {
  token_hash: Uint8Array;
  user_id: number;
  expires_at: Date;
  session_hash: Uint8Array | null;
}

export interface CommandsTable {
  user_id: number;
  id: string;
  kind: string;
  status: string;
  code: string | null;
  result: Json<unknown>;
  occurred_at: Date | null;
  received_at: Auto<Date>;
  /** sha256 of the kind and canonical payload (010_command_payload_hash.sql); null on rows stored before it. */
  payload_hash: string | null;
}

/**
 * Every table; the organisers' area's are in types-admin.ts, ticket sales' in types-sales.ts,
 * tickets and the door in types-tickets.ts, a person's own notices, calendar and referrals in
 * types-personal.ts.
 */
export interface DB extends AdminTables, SalesTables, PersonalTables, TicketTables, TalkTables {
  countries: CountriesTable;
  cities: CitiesTable;
  categories: CategoriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  session_handoffs: SessionHandoffsTable;
  companies: CompaniesTable;
  events: EventsTable;
  user_events: UserEventsTable;
  schedule_days: ScheduleDaysTable;
  tracks: TracksTable;
  speeches: SpeechesTable;
  speech_speakers: SpeechSpeakersTable;
  meeting_settings: MeetingSettingsTable;
  appointments: AppointmentsTable;
  stand_members: StandMembersTable;
  stand_leads: StandLeadsTable;
  user_relations: UserRelationsTable;
  friends: FriendsTable;
  trips: TripsTable;
  commands: CommandsTable;
  visitor_revs: VisitorRevsTable;
  event_city_people: EventCityPeopleTable;
  appointment_video_keys: AppointmentVideoKeysTable;
  appointment_invites: AppointmentInvitesTable;
  socket_passes: SocketPassesTable;
}
