import path from 'node:path';
import { SYNC_STREAMS_PER_ADDRESS } from '../contract/constants.ts';
import { WS_MAX_SOCKETS_PER_ADDRESS } from '../contract/ws.ts';
import ipaddr from 'ipaddr.js';
import { createPrivateKey } from 'node:crypto';
import { fromBase64Url } from '../contract/checkin.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means the embedded PGlite database under dataDir. */
  databaseUrl?: string;
  /** Unset means the in-process bus: fine for one instance, wrong for several. */
  redisUrl?: string;
  /** Namespace of the Redis channels and keys (REDIS_PREFIX). */
  redisPrefix: string;
  /** 'demo' (default on an empty database), 'none', or 'scale:<visitors>'. */
  seed: string;
  /** Where the built PWA lives; served when present. */
  distDir: string;
  /** Secure cookies only behind TLS; local runs serve plain http on 127.0.0.1. */
  secureCookies: boolean;
  logLevel: string;
  /**
   * Base URL of the Jitsi-compatible video service for one-to-one appointments; an appointment's call is
   * `${videoBaseUrl}/<its unguessable room>`. The server only builds links to it, never calls it.
   */
  videoBaseUrl: string;
  /**
   * SMTP_URL (smtp:// or smtps://, with credentials if the relay needs them) sends ticket emails
   * through that relay. Unset, each email is written as an RFC 822 .eml file under dataDir/mail/,
   * so a venue server with no mail relay still produces the message (and tests can read it).
   */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of ticket emails. */
  mailFrom: string;
  /**
   * PUBLIC_URL: the address people open Foyer at, which links in emails (verify an address, reset
   * a password) start with. Never taken from the request's Host header: a forged Host would send a
   * victim's reset link to the forger's site.
   */
  publicUrl: string;
  /**
   * TICKET_SIGNING_KEY: the master secret that ticket QR codes are signed with (32 bytes as
   * base64url, base64 or hex, or an Ed25519 private key in PKCS#8 PEM). Each event's Ed25519 key is
   * derived from it, so door devices verify with the event's public key. Unset, a secret is
   * generated once and kept in the database (table ticket_signing_secret), which every instance
   * shares. Set it on every instance alike; changing it voids the QR codes already handed out
   * (their plain codes still work at doors that downloaded the tickets).
   */
  ticketSigningKey?: Uint8Array;
  /**
   * WS_HEARTBEAT_MS: how often the server pings every open socket; a socket that has not answered
   * the previous ping is dropped, and its user leaves the chat's online count.
   */
  socketHeartbeatMs: number;
  /**
   * USERS_ONLINE_WRITE_MS: how often the chats' online counts are written to events.users_online
   * (only when a count changed; each write bumps the event's rev, so not on every join).
   */
  usersOnlineWriteMs: number;
  /**
   * SHUTDOWN_GRACE_MS: how long a shutdown waits for requests in flight before it cuts every
   * connection. Commands are idempotent, so a cut batch is resent and applied once.
   */
  shutdownGraceMs: number;
  /**
   * SYNC_STREAMS_PER_ADDRESS: live hint streams one client address may hold on this instance
   * (contract/constants.ts). Behind a reverse proxy, TRUST_PROXY makes addresses the clients'.
   */
  streamsPerAddress: number;
  /**
   * SOCKETS_PER_ADDRESS: websockets (/wss/notice and /wss/chat together) one client address may
   * hold on this instance. High for the same reason as the streams' cap: a venue's Wi-Fi.
   */
  socketsPerAddress: number;
  /**
   * TRUST_PROXY: which X-Forwarded-For entries to believe when taking the client's address (the
   * login limits and the throttles count per address). `false` believes none: the address is the
   * TCP peer's. A number believes that many proxy hops from the right; a list believes only
   * entries added by those proxy addresses or CIDRs (or the names loopback, linklocal,
   * uniquelocal). Anything more trusting would let a client pick its own address by sending the
   * header itself.
   */
  trustProxy: false | number | string[];
  /**
   * SESSION_CACHE_MS: how long an instance remembers who a session token belongs to (and the
   * visitors feed's view of that user) without asking the database; 0 asks every time. An ended
   * session is forgotten at once on every instance that hears the bus (plugins/session-cache.ts).
   */
  sessionCacheMs: number;
  /**
   * PULL_CACHE_MB: memory for sync pull pages every participant of an event gets alike (and their
   * compressed forms), so the devices of a crowd on their first sync share each page's query and
   * compression; 0 builds every page for its pull. A page is answered only at the feed version it
   * was read at, so writes need no invalidation (domain/feed/page-cache.ts).
   */
  pullCacheMb: number;
  /**
   * DB_POOL_SIZE: connections this instance keeps to PostgreSQL at most. Every instance's pool
   * together must stay below the server's max_connections (100 by default) with room for
   * administration; more connections than the database has cores to run them only queue inside
   * PostgreSQL instead of in the pool, where the back-pressure rule can see the queue
   * (docs/CAPACITY.md). Ignored on the embedded database, which runs one statement at a time.
   */
  dbPoolSize: number;
  /**
   * DB_STATEMENT_TIMEOUT_MS: the longest one statement may run on PostgreSQL (its
   * statement_timeout, lock waits included) before it is cancelled and the request answered 503.
   * Far above any statement a request needs, so it only ends work nobody is waiting for any more;
   * 0 turns it off. Migrations run without it.
   */
  dbStatementTimeoutMs: number;
  /**
   * DB_PREPARED_STATEMENTS: how many different statements are sent to PostgreSQL as named prepared
   * statements, planned once per connection instead of on every run (db/prepared.ts); 0 turns it
   * off, which a pooler in transaction mode that does not carry prepared statements across its
   * connections (PgBouncer before 1.21, or without max_prepared_statements) needs.
   */
  dbPreparedStatements: number;
  /**
   * SHED_POOL_WAIT_MS: when the request that has waited longest for a database connection has waited
   * this long, new requests are refused at once with 503 and Retry-After instead of joining the
   * queue (plugins/back-pressure.ts); 0 turns the rule off. Requests already admitted are served.
   */
  shedPoolWaitMs: number;
  /**
   * MAX_IN_FLIGHT: requests this instance works on at once; one more is refused with 503 and
   * Retry-After. The bound for what the pool rule cannot see (the embedded database, work outside
   * the database). Long-lived streams, sockets and /healthz do not count and are never refused.
   */
  maxInFlight: number;
  /** SHED_RETRY_AFTER_S: the Retry-After (seconds) of a refused request; devices add their own jitter. */
  shedRetryAfterS: number;
  /**
   * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: card payments through Stripe (its official SDK),
   * offered only when both are set; the webhook secret verifies the provider's confirmations.
   * STRIPE_API_URL points the SDK at another host (Stripe's stripe-mock, a test double); unset, it
   * talks to Stripe itself.
   */
  stripe?: StripeConfig;
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `web-push generate-vapid-keys` prints
   * them): the pair Web Push messages are signed with. Unset, a pair is generated once and kept in
   * the database (table push_vapid_keys), which every instance shares. Changing it makes every
   * browser's subscription useless until the browser subscribes again.
   */
  vapid?: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT: the contact push services may use (mailto: or https:); defaults to MAIL_FROM's address. */
  vapidSubject: string;
  /**
   * PUSH_SERVICE_HOSTS: the hosts (each also with its subdomains) a browser's push subscription may
   * point at, comma-separated. The server POSTs to that address, so an endpoint anywhere else (an
   * address inside the venue's or the cloud's network) is refused when the browser subscribes.
   * Defaults to the push services of Chrome, Firefox, Edge and Safari.
   */
  pushServiceHosts: string[];
}

/** Where browsers' push services live today (Chrome/Android, Firefox, Edge/Windows, Safari). */
export const KNOWN_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  api?: { protocol: 'http' | 'https'; host: string; port: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const seed = env.SEED ?? 'demo';
  const videoBaseUrl = (env.VIDEO_BASE_URL || 'https://meet.jit.si').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(videoBaseUrl))
    throw new Error(`VIDEO_BASE_URL must be an http(s) URL without query, got ${env.VIDEO_BASE_URL}`);
  if (!/^(demo|none|scale:\d+)$/.test(seed)) throw new Error(`SEED must be demo, none or scale:<visitors>, got ${seed}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    // Instances of one deployment must share it; another deployment or a benchmark on the same Redis
    // needs its own, or their comments and notices would reach each other's sockets.
    redisPrefix: env.REDIS_PREFIX ?? 'foyer:',
    seed,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    secureCookies: env.SECURE_COOKIES === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    videoBaseUrl,
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Foyer <tickets@foyer.invalid>',
    publicUrl: parsePublicUrl(env.PUBLIC_URL, env.HOST ?? '127.0.0.1', port),
    ticketSigningKey: env.TICKET_SIGNING_KEY ? parseTicketSigningKey(env.TICKET_SIGNING_KEY) : undefined,
    socketHeartbeatMs: positiveMs(env.WS_HEARTBEAT_MS, 30_000, 'WS_HEARTBEAT_MS'),
    usersOnlineWriteMs: positiveMs(env.USERS_ONLINE_WRITE_MS, 15_000, 'USERS_ONLINE_WRITE_MS'),
    shutdownGraceMs: positiveMs(env.SHUTDOWN_GRACE_MS, 10_000, 'SHUTDOWN_GRACE_MS'),
    streamsPerAddress: positiveCount(env.SYNC_STREAMS_PER_ADDRESS, SYNC_STREAMS_PER_ADDRESS, 'SYNC_STREAMS_PER_ADDRESS'),
    socketsPerAddress: positiveCount(env.SOCKETS_PER_ADDRESS, WS_MAX_SOCKETS_PER_ADDRESS, 'SOCKETS_PER_ADDRESS'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionCacheMs: env.SESSION_CACHE_MS === '0' ? 0 : positiveMs(env.SESSION_CACHE_MS, 5000, 'SESSION_CACHE_MS'),
    pullCacheMb: env.PULL_CACHE_MB === '0' ? 0 : positiveCount(env.PULL_CACHE_MB, 64, 'PULL_CACHE_MB'),
    dbPoolSize: positiveCount(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE'),
    dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS === '0' ? 0 : positiveMs(env.DB_STATEMENT_TIMEOUT_MS, 15_000, 'DB_STATEMENT_TIMEOUT_MS'),
    dbPreparedStatements: env.DB_PREPARED_STATEMENTS === '0' ? 0 : positiveCount(env.DB_PREPARED_STATEMENTS, 500, 'DB_PREPARED_STATEMENTS'),
    shedPoolWaitMs: env.SHED_POOL_WAIT_MS === '0' ? 0 : positiveMs(env.SHED_POOL_WAIT_MS, 1000, 'SHED_POOL_WAIT_MS'),
    maxInFlight: positiveCount(env.MAX_IN_FLIGHT, 400, 'MAX_IN_FLIGHT'),
    shedRetryAfterS: positiveCount(env.SHED_RETRY_AFTER_S, 2, 'SHED_RETRY_AFTER_S'),
    stripe: parseStripe(env),
    vapid: parseVapid(env),
    vapidSubject: parseVapidSubject(env.VAPID_SUBJECT, env.MAIL_FROM || 'Foyer <tickets@foyer.invalid>'),
    pushServiceHosts: parsePushHosts(env.PUSH_SERVICE_HOSTS),
  };
}

function parsePushHosts(value: string | undefined): string[] {
  if (!value?.trim()) return KNOWN_PUSH_SERVICE_HOSTS;
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const h of hosts) if (!/^[a-z0-9.-]+$/.test(h)) throw new Error(`PUSH_SERVICE_HOSTS: ${h} is not a host name`);
  return hosts;
}

/** Both keys or neither: a public key without its private key could sign nothing. */
export function parseVapid(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new Error('Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  if (!/^[A-Za-z0-9_-]{80,100}$/.test(publicKey) || !/^[A-Za-z0-9_-]{40,50}$/.test(privateKey))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be base64url P-256 keys');
  return { publicKey, privateKey };
}

function parseVapidSubject(subject: string | undefined, mailFrom: string): string {
  if (subject) {
    if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got ${subject}`);
    return subject;
  }
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** Card payments are on only with both secrets: without the webhook's, no payment could be confirmed. */
export function parseStripe(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret) throw new Error('Card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  if (!env.STRIPE_API_URL) return { secretKey, webhookSecret };
  let url: URL;
  try {
    url = new URL(env.STRIPE_API_URL);
  } catch {
    throw new Error(`STRIPE_API_URL must be a URL such as http://127.0.0.1:12111, got ${env.STRIPE_API_URL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRIPE_API_URL must be http(s), got ${env.STRIPE_API_URL}`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { secretKey, webhookSecret, api: { protocol, host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443) } };
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 10) throw new Error(`${name} must be a whole number of milliseconds (at least 10), got ${value}`);
  return n;
}

function positiveCount(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${value}`);
  return n;
}

function parsePublicUrl(value: string | undefined, host: string, port: number): string {
  if (!value) return `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be a URL such as https://foyer.example, got ${value}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http(s) URL without query, got ${value}`);
  }
  return url.toString().replace(/\/+$/, '');
}

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:pass@host:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must use smtp: or smtps:, got ${url.protocol}`);
  return value;
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY counts proxy hops (at most 10), got ${value}`);
    return hops;
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_ADDRESS_NAMES.has(entry) || isProxyAddress(entry)) continue;
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses or CIDRs (or loopback, linklocal, uniquelocal); ${JSON.stringify(entry)} is none of these`,
    );
  }
  return entries;
}

/** An address or CIDR written out in full: ipaddr.js alone also takes "1.5" for 1.0.0.5. */
function isProxyAddress(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length) return false;
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!v4 && !(address.includes(':') && ipaddr.IPv6.isValid(address))) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

/** The master secret of the ticket signatures (domain/signing/keys.ts): an Ed25519 seed. */
export const TICKET_SEED_BYTES = 32;

/** TICKET_SIGNING_KEY as a seed: PEM, hex, base64 or base64url; anything else stops the start. */
export function parseTicketSigningKey(text: string): Uint8Array {
  const value = text.trim();
  let seed: Uint8Array | null = null;
  if (value.startsWith('-----BEGIN')) {
    const key = createPrivateKey(value);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('TICKET_SIGNING_KEY must be an Ed25519 private key');
    seed = fromBase64Url(String(key.export({ format: 'jwk' }).d));
  } else if (/^[0-9a-fA-F]{64}$/.test(value)) {
    seed = Buffer.from(value, 'hex');
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    seed = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  }
  if (!seed || seed.length !== TICKET_SEED_BYTES)
    throw new Error('TICKET_SIGNING_KEY must be 32 bytes (base64url, base64 or hex) or an Ed25519 PEM private key');
  return new Uint8Array(seed);
}
