import type { Selectable } from 'kysely';
import type { EventsTable, UsersTable } from '../types.ts';

/**
 * The seed is built in memory first and written afterwards. People are referred to by their index in
 * `SeedPlan.users` because database ids exist only once the rows are in; the writer maps the two.
 * Keeping generation free of I/O is what makes it deterministic and quick to reason about.
 */

/** A person as the users table holds them; the seed always fills country, city, sex and birth year. */
export interface UserPlan
  extends Pick<
    Selectable<UsersTable>,
    | 'email'
    | 'first_name'
    | 'last_name'
    | 'phone'
    | 'position'
    | 'company'
    | 'help'
    | 'status'
    | 'show_status'
    | 'trip_status'
    | 'hobby'
    | 'show_email'
    | 'hide_phone'
    | 'hide_trip_plan'
    | 'hide_from_visitors'
    | 'created_at'
  > {
  country_code: string;
  city_id: number;
  sex: number;
  birth_year: number;
  social: Record<string, string>;
  /** Whether the profile points at a drawn avatar; the rest exercise the default image. */
  avatar: boolean;
}

export interface CompanyPlan {
  name: string;
  location: string;
  link: string;
  description: string;
  phone: string;
  email: string;
  /** Whether the stand points at a drawn logo; the rest exercise the placeholder. */
  logo: boolean;
  sort: number;
  members: { user: number; position: string; is_manager: boolean; sort: number }[];
}

export interface ParticipantPlan {
  user: number;
  role: 'visitor' | 'organizer' | 'speaker' | 'sponsor' | 'volunteer';
  menu_id: number | null;
  is_owner: boolean;
  is_moderator: boolean;
  is_favorite: boolean;
  checked_in: boolean;
  checked_in_at: Date | null;
  viewed_at: Date | null;
  about: string;
  interest: string;
}

export interface TicketPlan {
  user: number;
  code: string;
  type: string;
  price: number;
  status: 'valid' | 'cancelled';
  invalid: boolean;
  description: string;
  place: string;
  visitor_category: string;
  created_at: Date;
}

export interface SpeechPlan {
  title: string;
  description: string;
  day: string;
  start: Date;
  end: Date;
  presentation_url: string;
  speakers: number[];
}

export interface AppointmentPlan {
  from: number;
  to: number;
  date: string;
  starts_at: Date | null;
  ends_at: Date | null;
  any_time: boolean;
  comment: string;
  place: number | null;
  table_num: number | null;
  where_type: number | null;
  where_text: string;
  /** null pending, 1 accepted, 3 rejected or canceled (canceled_by tells them apart). */
  response: 1 | 3 | null;
  response_msg: string;
  canceled_by: number | null;
  request_date: Date;
  occurred_at: Date;
}

export interface CommentPlan {
  user: number;
  text: string;
  created_at: Date;
  likes: { user: number; type: 1 | 2 }[];
  deleted_by: number | null;
}

export interface EventDay {
  date: string;
  title: string;
  /** When the venue is open that day; meeting slots and speeches stay inside it. */
  start: Date;
  end: Date;
}

/** An event as the events table holds it, with everything the seed writes around it. */
export interface EventPlan
  extends Pick<
    Selectable<EventsTable>,
    | 'name'
    | 'category_id'
    | 'city_id'
    | 'starts_at'
    | 'ends_at'
    | 'timezone'
    | 'is_webinar'
    | 'webinar_link'
    | 'video_type'
    | 'where_text'
    | 'address'
    | 'place_public'
    | 'place_name'
    | 'place_address'
    | 'description'
    | 'ticket_min_price'
    | 'currency'
    | 'is_free'
  > {
  menu: { id: number; name: string }[];
  created_at: Date;
  organiser: number;
  days: EventDay[];
  tracks: { title: string; sort: number; speeches: SpeechPlan[] }[];
  stands: CompanyPlan[];
  participants: ParticipantPlan[];
  tickets: TicketPlan[];
  meeting: { slot_minutes: number; tables_count: number; places: Record<string, string>; allowed_times: { day: string; from: string; to: string }[] };
  design: Record<string, unknown>;
  appointments: AppointmentPlan[];
  comments: CommentPlan[];
  blocks: { user: number; blocked_by: number; reason: string; created_at: Date }[];
  trips: { user: number; hotel: string; transport_before: string; transport_after: string }[];
}

export interface DialogPlan {
  users: [number, number];
  messages: { sender: number; text: string; created_at: Date; read_at: Date | null }[];
  starred_by: number[];
  muted_by: number[];
}

export interface SeedPlan {
  users: UserPlan[];
  organisers: Omit<CompanyPlan, 'members' | 'location' | 'link' | 'logo' | 'sort'>[];
  events: EventPlan[];
  dialogs: DialogPlan[];
  relations: { user: number; target: number; like_status: number; favorite: boolean }[];
  /** Unordered pairs; the writer stores both directions. */
  friends: [number, number][];
}
