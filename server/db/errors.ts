/**
 * Telling a database error that the input caused from one the server or the network caused. The
 * difference decides what a device is told: bad input is answered `invalid_input` for good (and
 * stored, so a replay gets the same), while a lost connection is retried by the device later.
 */

/** The SQLSTATE of an error from pg or PGlite, if it is one. */
export function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Integrity violations that only the input can cause here: a reference to a row that does not
 * exist, a value a CHECK refuses, a required value missing. Unique and exclusion violations are
 * left out: services that expect them (one open appointment per pair, a taken table) turn them into
 * their own codes, and an unexpected one is a race or a bug, not the device's fault.
 */
const INPUT_INTEGRITY = new Set(['23502', '23503', '23514']);

/**
 * True when the statement failed for the value it was given: SQLSTATE class 22 (data exception:
 * NUL in text, a number out of range, an impossible date) or one of the integrity violations above.
 * Retrying such a command would fail the same way forever.
 */
export function isInputFault(err: unknown): boolean {
  const state = sqlState(err);
  if (!state) return false;
  return state.startsWith('22') || INPUT_INTEGRITY.has(state);
}

/**
 * True when the database could not be reached or went away mid-statement: connection exceptions
 * (08), an administrator or crash shutdown (57P01–57P03), too many connections (53300), a statement
 * cancelled by DB_STATEMENT_TIMEOUT_MS under overload (57014: no client cancels, so only the timeout
 * does), and the driver's own errors for a socket that closed. The server answers these 503, which the device
 * takes as "try again later" and never holds against the command it was sending.
 */
export function isConnectionFault(err: unknown): boolean {
  const state = sqlState(err);
  if (state) return state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03' || state === '53300' || state === '57014';
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
  const message = err instanceof Error ? err.message : '';
  // The last two: a pool or client this instance already closed, as it shuts down.
  return /Connection terminated|connection (?:is )?closed|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end/i.test(
    message,
  );
}

/**
 * Seconds a client is asked to wait (Retry-After) after a call failed for a lost database: long
 * enough for a restart or a failover to finish, short enough that a device is back soon after.
 */
export const DATABASE_RETRY_AFTER_S = 5;
