import path from 'node:path';
import { parseTicketSigningKey } from './domain/tickets/signing.ts';

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
   * Base URL of the Jitsi-compatible video service for one-to-one meetings; a meeting's call is
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const seed = env.SEED ?? 'demo';
  const videoBaseUrl = (env.VIDEO_BASE_URL || 'https://meet.jit.si').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(videoBaseUrl)) throw new Error(`VIDEO_BASE_URL must be an http(s) URL without query, got ${env.VIDEO_BASE_URL}`);
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
    ticketSigningKey: env.TICKET_SIGNING_KEY ? parseTicketSigningKey(env.TICKET_SIGNING_KEY) : undefined,
    socketHeartbeatMs: positiveMs(env.WS_HEARTBEAT_MS, 30_000, 'WS_HEARTBEAT_MS'),
    usersOnlineWriteMs: positiveMs(env.USERS_ONLINE_WRITE_MS, 15_000, 'USERS_ONLINE_WRITE_MS'),
    shutdownGraceMs: positiveMs(env.SHUTDOWN_GRACE_MS, 10_000, 'SHUTDOWN_GRACE_MS'),
  };
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 10) throw new Error(`${name} must be a whole number of milliseconds (at least 10), got ${value}`);
  return n;
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
