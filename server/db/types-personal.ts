import type { Generated } from 'kysely';
import type { Auto, Rev } from './columns.ts';

/**
 * Tables of what belongs to one person across events (issue 16, migrations 050–059): the notices
 * other people's actions raise, starred speeches and the calendar feed, referrals. db/types.ts
 * joins them into DB.
 */

/** The rev of a my_events document's parts beyond user_events (050_notifications.sql). */
export interface MyEventStampsTable {
  event_id: number;
  user_id: number;
  rev: Rev;
}
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  event_id: number;
  kind: string;
  actor_id: number | null;
  meeting_id: number | null;
  comment_id: number | null;
  count: Auto<number>;
  text: Auto<string>;
  created_at: Auto<Date>;
  updated_at: Auto<Date>;
  read_at: Date | null;
}

/** Starred speeches and calendar feed addresses (051_calendar.sql). */
export interface SpeechStarsTable {
  user_id: number;
  speech_id: number;
  event_id: number;
  created_at: Auto<Date>;
}
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: Uint8Array;
  created_at: Auto<Date>;
  polled_at: Date | null;
}

/** Who came to an event through whose link (053_referrals.sql). */
export interface ReferralsTable {
  user_id: number;
  event_id: number;
  referrer_id: number;
  via: string;
  created_at: Auto<Date>;
  ticket_id: number | null;
  ticketed_at: Date | null;
}

/** A browser's Web Push subscription (069_web_push.sql). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_hash: Uint8Array;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Auto<Date>;
}
/** The generated VAPID pair, when none is configured (069_web_push.sql). */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
}

/** Reminders already pushed, per meeting and start (069_web_push.sql). */
export interface PushRemindersSentTable {
  appointment_id: number;
  starts_at: Date;
}

export interface PersonalTables {
  my_event_stamps: MyEventStampsTable;
  notifications: NotificationsTable;
  speech_stars: SpeechStarsTable;
  calendar_feeds: CalendarFeedsTable;
  referrals: ReferralsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_vapid_keys: PushVapidKeysTable;
  push_reminders_sent: PushRemindersSentTable;
}
