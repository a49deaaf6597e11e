import { Type, type Static } from '@sinclair/typebox';
import type { NotifyEmailKind } from './accounts.ts';

/**
 * Web Push (issue 31): the notices of meetings and messages reach a person whose Foyer is closed.
 * A browser that allowed notifications subscribes with the server's VAPID public key and hands the
 * subscription over as `push.subscribe`; the server keeps it per browser (its endpoint) and pushes
 * to every browser of the recipient after the write that raised the notice commits
 * (server/domain/notices/push.ts). The service worker shows what the push carries (src/sw.ts).
 */

/** Browsers one person is pushed to at most; subscribing one more forgets the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Push services' endpoints are a few hundred characters; this bounds what the server stores and calls. */
export const PUSH_ENDPOINT_MAX = 1024;
/** The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url with room to spare. */
const PUSH_KEY_MAX = 200;
const Base64Url = (max: number) => Type.String({ minLength: 16, maxLength: max, pattern: '^[A-Za-z0-9_-]+=*$' });

export const PushSubscribePayload = Type.Object(
  {
    // Only https: the server POSTs to it, so a plain or internal address must never get that far.
    endpoint: Type.String({ minLength: 12, maxLength: PUSH_ENDPOINT_MAX, pattern: '^https://[^\\s]+$' }),
    p256dh: Base64Url(PUSH_KEY_MAX),
    auth: Base64Url(PUSH_KEY_MAX),
  },
  { additionalProperties: false },
);
export type PushSubscribePayload = Static<typeof PushSubscribePayload>;

export const PushUnsubscribePayload = Type.Object({ endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }) }, { additionalProperties: false });
export type PushUnsubscribePayload = Static<typeof PushUnsubscribePayload>;

/** The refusals of push commands; each names its field. */
export const PUSH_ERROR_CODES = {
  // The browser's keys are not a P-256 public key (65 bytes) and a 16-byte auth secret.
  push_subscription_invalid: { legacyStatus: 400 },
} as const;
export const PUSH_ERROR_FIELDS: Record<keyof typeof PUSH_ERROR_CODES, 'p256dh'> = { push_subscription_invalid: 'p256dh' };

/** The switches of `notify_push` the settings offer: every kind, reminders too (notices/push-reminders.ts). */
export const PUSH_NOTIFY_KINDS = [
  'meeting_request',
  'meeting_answer',
  'meeting_change',
  'meeting_reminder',
  'new_message',
] as const satisfies readonly NotifyEmailKind[];

/** The notice kinds a push names; the service worker uses it as the notification's tag prefix. */
export type PushKind = 'meeting' | 'message' | 'reminder';

/**
 * What one push carries, encrypted to the browser. Only what a lock screen may show: who and when,
 * never a message's text or a meeting's reason.
 */
export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** The screen a click opens, a path of this origin. */
  url: string;
  /** Notices of one subject replace each other instead of piling up. */
  tag: string;
}

/** The answer of GET /sync/v1/push/key: the VAPID public key (base64url) browsers subscribe with. */
export interface PushKey {
  public_key: string;
}
