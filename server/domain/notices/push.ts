import type { Agent } from 'node:https';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { notifyEmailOn } from '../../../contract/accounts.ts';
import { DEFAULT_LOCALE } from '../../../contract/constants.ts';
import type { PushKind, PushMessage } from '../../../contract/push.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/types.ts';
import { mailLocale, mailText } from '../../mail/texts.ts';
import { plansOf, type MailNotice, type NoticeMailKind, type Plan } from './mail.ts';
import type { PushSender } from '../effects.ts';
import { dropEndpoint, offerVapidKeys, pushPerson, storedVapidKeys, subscriptionsOf } from './push-repository.ts';

/**
 * Notice pushes: the notices that are mailed (mail.ts, the same plans) also go to every browser the
 * recipient subscribed, when their `notify_push` preferences say so, in their language. Always
 * sent, whether or not the person has Foyer open: the service worker leaves a push unshown when a
 * Foyer window has the focus (docs/DESIGN.md, "Web Push"). A push carries who and when only, the
 * lock screen's share: never a message's text, a meeting's place or a reason.
 */

/** A notice nobody saw within a day is stale: the push service may drop it. */
const PUSH_TTL_S = 24 * 3600;
/** A push service that does not answer in this long is given up on; the write stood long ago. */
const PUSH_TIMEOUT_MS = 10_000;

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The configured pair, else the one kept in the database, generating it on first use. */
async function loadKeys(db: Kysely<DB>, configured: Config['vapid']): Promise<VapidKeys> {
  if (configured) return configured;
  let row = await storedVapidKeys(db);
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    await offerVapidKeys(db, { public_key: fresh.publicKey, private_key: fresh.privateKey });
    row = await storedVapidKeys(db);
  }
  if (!row) throw new Error('push_vapid_keys is empty after storing a pair');
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/**
 * Sends through web-push (RFC 8291 encryption, VAPID). `agent` is for tests only: it trusts the
 * certificate of the push-service double they run.
 */
export function createPushSender(db: Kysely<DB>, config: Pick<Config, 'vapid' | 'vapidSubject'>, agent?: Agent): PushSender {
  let keys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    keys ??= loadKeys(db, config.vapid).catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  };
  return {
    async publicKey() {
      return (await vapid()).publicKey;
    },
    async send(sub, message) {
      const k = await vapid();
      try {
        await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), {
          vapidDetails: { subject: config.vapidSubject, publicKey: k.publicKey, privateKey: k.privateKey },
          TTL: PUSH_TTL_S,
          urgency: 'high',
          timeout: PUSH_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        });
        return 'sent';
      } catch (err) {
        if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
        throw err;
      }
    },
  };
}

const PUSH_KIND: Record<NoticeMailKind, PushKind> = {
  request: 'meeting',
  change: 'meeting',
  approved: 'meeting',
  rejected: 'meeting',
  cancelled: 'meeting',
  organiserCancelled: 'meeting',
  message: 'message',
};

/** A plan of mail.ts, or a reminder, which only pushes. */
export type PushPlan = Plan & { reminder?: true };

/** The push of one plan in the recipient's language: `mail.push.<kind>`, who in the title, when in the body. */
export function pushMessage(lang: string, plan: PushPlan, who: string): PushMessage {
  const locale = mailLocale(lang);
  const t = mailText(locale);
  const when = plan.when(locale);
  return {
    kind: plan.reminder ? 'reminder' : PUSH_KIND[plan.mail],
    title: t(`mail.push.${plan.reminder ? 'reminder' : plan.mail}`, { who }),
    body: when || t('mail.push.open'),
    url: plan.path(locale),
    tag: plan.tag,
  };
}

export interface NoticePushDeps {
  db: Kysely<DB>;
  push: PushSender;
  log: { warn(obj: unknown, msg?: string): void };
}

/** Pushes each plan to the subscribed browsers of its recipient, when they want that kind; answers how many went out. */
export async function pushPlans(deps: NoticePushDeps, plans: PushPlan[], actorId: number | null): Promise<number> {
  let sent = 0;
  for (const plan of plans) {
    if (plan.to === actorId) continue;
    const subs = await subscriptionsOf(deps.db, plan.to);
    if (!subs.length) continue;
    const [to, about] = await Promise.all([pushPerson(deps.db, plan.to), pushPerson(deps.db, plan.about)]);
    if (!to || !about || to.deleted || to.disabled) continue;
    const prefs = typeof to.notify_push === 'string' ? (JSON.parse(to.notify_push) as Record<string, unknown>) : to.notify_push;
    if (!notifyEmailOn(prefs, plan.pref)) continue;
    const message = pushMessage(to.locale || DEFAULT_LOCALE, plan, `${about.first_name} ${about.last_name}`.trim());
    // One browser's failure stops none of the others.
    const results = await Promise.allSettled(subs.map((sub) => deps.push.send(sub, message)));
    for (const [i, r] of results.entries()) {
      if (r.status === 'rejected') deps.log.warn({ err: r.reason }, 'a push was not delivered to its push service');
      else if (r.value === 'gone') await dropEndpoint(deps.db, subs[i]?.endpoint ?? '');
      else sent += 1;
    }
  }
  return sent;
}

/** Pushes a notice of a meeting or a message (the plans its mail has); answers how many pushes went out. */
export async function sendNoticePush(deps: NoticePushDeps, n: MailNotice): Promise<number> {
  return pushPlans(deps, await plansOf(deps, n), n.actorId);
}
