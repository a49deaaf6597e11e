/**
 * Operator's switch for an account: `node --import tsx scripts/account.ts disable|enable <email>`.
 *
 * Run it with the server's own DATABASE_URL and REDIS_URL: the change goes to the system of record
 * and the announcement over Redis closes the user's open sockets and streams on every running
 * instance at once (without Redis, instances notice on their next socket heartbeat, and sessions
 * stop working immediately either way). The embedded PGlite database belongs to one process, so
 * with it stop the server first.
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase, migrate } from '../server/db/index.ts';
import { createMemoryBus, createRedisBus } from '../server/realtime/bus.ts';
import { setAccountDisabled } from '../server/domain/profile/account.ts';

const [action, email] = process.argv.slice(2);
if ((action !== 'disable' && action !== 'enable') || !email) {
  console.error('usage: node --import tsx scripts/account.ts disable|enable <email>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const bus = config.redisUrl ? await createRedisBus(config.redisUrl) : createMemoryBus();
try {
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user) {
    console.error(`no account with the email ${email}`);
    process.exitCode = 1;
  } else {
    await setAccountDisabled(database.db, bus, user.id, action === 'disable');
    console.log(`${email} (user ${user.id}) ${action}d`);
  }
} finally {
  await bus.close();
  await database.close();
}
