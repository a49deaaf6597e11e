import { loadConfig } from './config.ts';
import { openDatabase, migrate } from './db/index.ts';
import { runSeed } from './domain/seed.ts';
import { createWriter } from './domain/write.ts';
import { buildApp } from './app.ts';
import { createMemoryBus, createRedisBus } from './realtime/bus.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.dbPoolSize,
  statementTimeoutMs: config.dbStatementTimeoutMs,
  preparedStatements: config.dbPreparedStatements,
});
await migrate(database);
const bus = config.redisUrl ? await createRedisBus(config.redisUrl, { prefix: config.redisPrefix }) : createMemoryBus();
const seeded = await runSeed(createWriter(database.db, bus), database.db, config.seed);
const app = await buildApp({ config, database, bus }, { logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
app.log.info(`Foyer on http://${config.host}:${config.port} (${database.kind}${seeded ? `, seeded ${seeded}` : ''})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  });
}
