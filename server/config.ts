import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means the embedded PGlite database under dataDir. */
  databaseUrl?: string;
  /** Unset means the in-process bus: fine for one instance, wrong for several. */
  redisUrl?: string;
  /** 'demo' (default on an empty database), 'none', or 'scale:<visitors>'. */
  seed: string;
  /** Where the built PWA lives; served when present. */
  distDir: string;
  /** Secure cookies only behind TLS; local runs serve plain http on 127.0.0.1. */
  secureCookies: boolean;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const seed = env.SEED ?? 'demo';
  if (!/^(demo|none|scale:\d+)$/.test(seed)) throw new Error(`SEED must be demo, none or scale:<visitors>, got ${seed}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    seed,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    secureCookies: env.SECURE_COOKIES === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
