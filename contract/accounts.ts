import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema.ts';
import { ReferralCode } from './referrals.ts';
import { LOCALES } from './constants.ts';

/**
 * Accounts people make and keep themselves (issue 15): sign-up, email verification, password
 * reset and change, email change, the devices list, interface language and email notices.
 */

/** NIST SP 800-63B's floor for a password a person chooses; a longer one is always allowed. */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes whatever it is given; past this a "password" is a denial-of-service attempt. */
export const PASSWORD_MAX_LENGTH = 256;
/** Email addresses per RFC 5321's path limit. */
export const EMAIL_MAX_LENGTH = 254;

/** How long a link sent by email works. A reset is short: whoever reads the mailbox later must not use it. */
export const VERIFY_LINK_TTL_MS = 7 * 24 * 3600 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/**
 * How long after an app's session began its token may still be handed to a browser
 * (`?token=&user_id=`), and how long a handoff code an app asked for works. Either is exchanged
 * once (docs/DESIGN.md "Session handoff").
 */
export const HANDOFF_TTL_MS = 5 * 60 * 1000;
/** How long the old address can undo an email change: as long as the change's own link worked. */
export const EMAIL_UNDO_TTL_MS = VERIFY_LINK_TTL_MS;

/** Error codes of the account forms; registered in contract/errors.ts. */
export const ACCOUNT_ERROR_CODES = {
  invalid_email: { legacyStatus: 400 },
  password_too_short: { legacyStatus: 400 },
  password_too_long: { legacyStatus: 400 },
  // The password is on the list of the most common ones (server/domain/accounts/common-passwords.ts).
  password_common: { legacyStatus: 400 },
  // A link from an email that is unknown, used already, expired, or for an address the account
  // no longer has: one code, so a link's fate tells nothing more than "ask for a new one".
  link_invalid: { legacyStatus: 400 },
  // A handoff link for another person than the one this browser is signed in as: the answer
  // carries both names and nothing changed until the person confirms (docs/DESIGN.md).
  handoff_confirm: { legacyStatus: 409 },
} as const;

/**
 * What a person may type as an email: one @, something on either side, no spaces or controls.
 * Deliberately loose (RFC 5322 allows far more than anyone types); the link sent to it is the
 * real check.
 */
export const EMAIL_PATTERN = '^[^\\s@\\u0000-\\u001f]+@[^\\s@\\u0000-\\u001f]+\\.[^\\s@\\u0000-\\u001f]+$';
const EMAIL_RE = new RegExp(EMAIL_PATTERN);

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(email: string): boolean {
  const e = normalizeEmail(email);
  return e.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(e);
}

export type PasswordProblem = 'password_too_short' | 'password_too_long';

/** The checks a device can make itself; the common-password list is the server's. */
export function passwordProblem(password: string): PasswordProblem | null {
  // Counted in code points, so a password of emoji is not judged by its UTF-16 length.
  const n = [...password].length;
  if (n < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (n > PASSWORD_MAX_LENGTH) return 'password_too_long';
  return null;
}

const Lang = Type.Optional(Type.String({ maxLength: 8 }));
const Email = Type.String({ maxLength: EMAIL_MAX_LENGTH * 2 });
const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH * 4 });
/** A link token as it travels: 43 base64url characters (256 bits). */
export const LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
const LinkToken = Type.String({ maxLength: 64 });
/** Room for a name before it is cleaned; the profile service holds it to PROFILE_LIMITS.name after. */
const RawName = Type.String({ maxLength: 400 });

export const RegisterBody = Type.Object(
  {
    email: Email,
    password: Password,
    first_name: RawName,
    last_name: Type.Optional(RawName),
    lang: Lang,
    /** The token of an organiser's invitation link (server/domain/admin/people.ts), when the person came by one. */
    invite: Type.Optional(LinkToken),
    /** The referral link the person came through (contract/referrals.ts), and its event. */
    ref: Type.Optional(ReferralCode),
    ref_event_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LangBody = Type.Object({ lang: Lang }, { additionalProperties: false });
export const TokenBody = Type.Object({ token: LinkToken, lang: Lang }, { additionalProperties: false });
export const ForgotBody = Type.Object({ email: Email, lang: Lang }, { additionalProperties: false });
export const ResetBody = Type.Object({ token: LinkToken, password: Password, lang: Lang }, { additionalProperties: false });
export const ChangePasswordBody = Type.Object({ current_password: Password, password: Password, lang: Lang }, { additionalProperties: false });
export const ChangeEmailBody = Type.Object({ password: Password, email: Email, lang: Lang }, { additionalProperties: false });
export const DeleteAccountBody = Type.Object({ password: Password }, { additionalProperties: false });
export const EndSessionsBody = Type.Object(
  { session_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })), all_others: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const HandoffBody = Type.Object(
  {
    token: Type.String({ maxLength: 64 }),
    user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    /** The person said yes to leaving the account this browser is signed in as. */
    confirm: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const HandoffCheckBody = Type.Object(
  { token: Type.String({ maxLength: 64 }), user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);

/** Who a handoff link signs in, and who this browser is signed in as now, for the question. */
export interface HandoffPreview {
  user_id: number;
  name: string;
  current: { user_id: number; name: string } | null;
}

/** A signed-in device as the devices list shows it. */
export interface AccountSession {
  id: number;
  /** The browser's or app's own description of itself, as it sent it when signing in. */
  user_agent: string;
  created_at: string;
  current: boolean;
}

/** The interface languages a person may choose; '' leaves the choice to the device. */
export const ACCOUNT_LOCALES = ['', ...LOCALES] as const;

/** The notices that may also come by email (the in-app notice always comes). */
export const NOTIFY_EMAIL_KINDS = ['meeting_request', 'meeting_answer', 'meeting_change', 'meeting_reminder', 'new_message'] as const;
export type NotifyEmailKind = (typeof NOTIFY_EMAIL_KINDS)[number];

/** A stored preference map read with its default: a kind left out is on. */
export function notifyEmailOn(prefs: Partial<Record<string, unknown>> | null | undefined, kind: NotifyEmailKind): boolean {
  return prefs?.[kind] !== false;
}

/** The settings fields the profile.update command carries besides the visitor profile's. */
const NotifySwitches = () =>
  Type.Optional(
    Type.Object(
      {
        meeting_request: Type.Optional(Type.Boolean()),
        meeting_answer: Type.Optional(Type.Boolean()),
        meeting_change: Type.Optional(Type.Boolean()),
        meeting_reminder: Type.Optional(Type.Boolean()),
        new_message: Type.Optional(Type.Boolean()),
      } satisfies Record<NotifyEmailKind, unknown>,
      { additionalProperties: false },
    ),
  );

export const AccountSettingsPatch = {
  locale: Type.Optional(LiteralUnion(ACCOUNT_LOCALES)),
  notify_email: NotifySwitches(),
  /** The same kinds as pushes to the person's subscribed browsers (contract/push.ts); a kind left out is on. */
  notify_push: NotifySwitches(),
};

/**
 * Budgets of the account forms (server/limits/accounts.ts): per client address, per address
 * mailed, per signed-in user. A venue's Wi-Fi puts thousands of people behind one client address,
 * so the per-address budgets are sized for a venue's peak and counted in one-minute windows: a
 * script at that address is slowed to the budget and can hold the others back for a minute, never
 * an hour. What protects people is the rest: one mailbox gets a few mails an hour at most, and
 * each sign-up costs a password hash.
 */
export const ACCOUNT_LIMITS = {
  // 20,000 arriving in half an hour, one in ten signing up there: ~70 a minute.
  signup_address: { points: 150, windowMs: 60_000 },
  signup_email: { points: 3, windowMs: 3600_000 },
  forgot_address: { points: 150, windowMs: 60_000 },
  forgot_email: { points: 3, windowMs: 3600_000 },
  // The links' tokens are 256 random bits: this only keeps a script from hammering the database.
  link_address: { points: 300, windowMs: 60_000 },
  mail_user: { points: 5, windowMs: 3600_000 },
  export_user: { points: 10, windowMs: 3600_000 },
  handoff_user: { points: 30, windowMs: 3600_000 },
} as const;
