/**
 * Operator's tools for an account:
 *
 *   node --import tsx scripts/account.ts disable|enable <email>
 *   node --import tsx scripts/account.ts rename <email> <first name> [<last name>]
 *
 * Run it with the server's own DATABASE_URL, REDIS_URL and REDIS_PREFIX: the change goes to the
 * system of record and the announcement over Redis reaches every running instance at once (closing
 * a disabled user's open sockets and streams; telling devices to pull a renamed person). Without
 * Redis, instances notice a disabled account on their next socket heartbeat, and sessions stop
 * working immediately either way. The embedded PGlite database belongs to one process, so with it
 * stop the server first. A name is cleaned and checked like a user's own edit (contract/names.ts).
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase, migrate } from '../server/db/index.ts';
import { createMemoryBus, createRedisBus } from '../server/realtime/bus.ts';
import { renameAccount, setAccountDisabled } from '../server/domain/profile/account.ts';
import { accountByEmail, fullName } from '../server/domain/profile/repository.ts';
import { createWriter } from '../server/domain/write.ts';
import { DomainError } from '../contract/errors.ts';

const USAGE =
  'usage: node --import tsx scripts/account.ts disable|enable <email>\n       node --import tsx scripts/account.ts rename <email> <first name> [<last name>]';

const [action, email, firstName, lastName] = process.argv.slice(2);
const rename = action === 'rename' && firstName !== undefined ? { first_name: firstName, ...(lastName !== undefined ? { last_name: lastName } : {}) } : null;
const valid = action === 'rename' ? !!email && rename !== null : (action === 'disable' || action === 'enable') && !!email;
if (!valid || !email) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const bus = config.redisUrl ? await createRedisBus(config.redisUrl, { prefix: config.redisPrefix }) : createMemoryBus();
// The same write runner the server uses: one transaction, then the announcement on the bus, which
// this waits for before it exits.
const writer = createWriter(database.db, bus);
try {
  const user = await accountByEmail(database.db, email);
  if (!user) {
    console.error(`no account with the email ${email}`);
    process.exitCode = 1;
  } else if (rename) {
    await writer.run((trx) => renameAccount(trx, user.id, rename), { announced: true });
    const row = await fullName(database.db, user.id);
    console.log(`${email} (user ${user.id}) renamed to ${JSON.stringify(`${row?.first_name ?? ''} ${row?.last_name ?? ''}`.trim())}`);
  } else {
    await writer.run((trx) => setAccountDisabled(trx, user.id, action === 'disable'), { announced: true });
    console.log(`${email} (user ${user.id}) ${action}d`);
  }
} catch (err) {
  if (!(err instanceof DomainError)) throw err;
  // The same checks as the profile form: say which field, in words an operator reads.
  console.error(
    err.code === 'invalid_name'
      ? `the ${err.detail === 'last_name' ? 'last' : 'first'} name needs a letter or a digit once invisible characters are removed`
      : `refused: ${err.message}`,
  );
  process.exitCode = 1;
} finally {
  await bus.close();
  await database.close();
}
