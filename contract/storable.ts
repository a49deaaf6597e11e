import { Type, type TInteger, type TSchema, type TString } from '@sinclair/typebox';

/**
 * What the database can store, said once for every command. A command that passes its schema must
 * never fail inside PostgreSQL for the shape of its input: a NUL character (text and jsonb cannot
 * hold it), an integer beyond the int4 columns ids and counters live in, or a time outside the
 * range either side can represent. Before this pass such commands passed the schema, failed in the
 * database with a 500 for the whole batch, and the device resent that batch forever.
 *
 * `storable` walks a schema and tightens every string and integer in it; the command payloads and
 * the envelope go through it (contract/commands.ts), so a field added later is covered without
 * anyone remembering to. tests/unit/contract-storable.test.ts walks every command schema to prove it.
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * The sane range of a time a device sends: from the epoch (a phone whose clock was reset reads
 * 1970) to the end of 2099. Both databases and JavaScript hold far more, but nothing Foyer does
 * happens outside it, and a time outside it is a broken clock or a forged value.
 */
export const TIME_MIN_MS = Date.UTC(1970, 0, 1);
export const TIME_MAX_MS = Date.UTC(2100, 0, 1) - 1;

/** True for an epoch-milliseconds value inside the sane range. */
export function isSaneTimeMs(ms: number): boolean {
  return Number.isFinite(ms) && ms >= TIME_MIN_MS && ms <= TIME_MAX_MS;
}

/** Marks an integer that is not stored in an int4 column (a time in unix seconds), so the pass leaves its own bounds. */
const NOT_INT4 = Symbol.for('foyer.storable.notInt4');

/** True for an integer schema made by `UnixSeconds`, which the pass leaves to its own bounds. */
export function isNotInt4(schema: TSchema): boolean {
  return Boolean((schema as unknown as Record<symbol, unknown>)[NOT_INT4]);
}

/**
 * Unix seconds in the sane range. Compared with slots and turned into timestamps, never stored as
 * an int4, so it may pass 2^31 (19 January 2038).
 */
/* @__NO_SIDE_EFFECTS__ */
export function UnixSeconds(): TInteger {
  return Type.Integer({ minimum: TIME_MIN_MS / 1000, maximum: Math.floor(TIME_MAX_MS / 1000), [NOT_INT4]: true });
}

const YEAR = '(?:19[7-9]\\d|20\\d\\d)';
const MONTH = '(?:0[1-9]|1[0-2])';
const DAY = '(?:0[1-9]|[12]\\d|3[01])';

/** A calendar day, YYYY-MM-DD, in the sane years. (30 February passes here and is refused by the database as bad input.) */
/* @__NO_SIDE_EFFECTS__ */
export function IsoDay(): TString {
  return Type.String({ pattern: `^${YEAR}-${MONTH}-${DAY}$`, maxLength: 10 });
}

/** An ISO 8601 instant in the sane years, as a device's `toISOString()` writes it (an offset is accepted too). */
/* @__NO_SIDE_EFFECTS__ */
export function IsoTime(): TString {
  return Type.String({
    pattern: `^${YEAR}-${MONTH}-${DAY}T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)$`,
    minLength: 16,
    maxLength: 40,
  });
}

/** The guard every string pattern starts with: no NUL anywhere in the value. */
export const NO_NUL_PATTERN_PREFIX = '^(?![\\s\\S]*\\u0000)';

/**
 * A pattern that means "no NUL, and `pattern` matches" — with the original's meaning kept whether
 * or not it is anchored: the lazy prefix lets it match anywhere, and a leading `^` in it still pins
 * it to the start.
 */
export function withoutNul(pattern: string | undefined): string {
  if (pattern === undefined) return `${NO_NUL_PATTERN_PREFIX}[\\s\\S]*$`;
  if (pattern.startsWith(NO_NUL_PATTERN_PREFIX)) return pattern;
  return `${NO_NUL_PATTERN_PREFIX}[\\s\\S]*?(?:${pattern})`;
}

function hardenInteger(schema: Record<string | symbol, unknown>): Record<string | symbol, unknown> {
  if (schema[NOT_INT4]) return schema;
  const min = typeof schema.minimum === 'number' ? Math.max(schema.minimum, INT4_MIN) : INT4_MIN;
  const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, INT4_MAX) : INT4_MAX;
  const out: Record<string | symbol, unknown> = { ...schema, minimum: min, maximum: max };
  // An exclusive bound beyond int4 says nothing the inclusive one does not.
  if (typeof out.exclusiveMaximum === 'number' && out.exclusiveMaximum > INT4_MAX) delete out.exclusiveMaximum;
  if (typeof out.exclusiveMinimum === 'number' && out.exclusiveMinimum < INT4_MIN) delete out.exclusiveMinimum;
  return out;
}

function harden(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(harden);
  if (typeof node !== 'object' || node === null) return node;
  const schema = node as Record<string | symbol, unknown>;
  let out: Record<string | symbol, unknown> = { ...schema };
  if (schema.type === 'string' && schema.const === undefined) out.pattern = withoutNul(schema.pattern as string | undefined);
  if (schema.type === 'integer') out = hardenInteger(out);
  // A float bound to int4 as well: every number a command carries ends in an integer column.
  if (schema.type === 'number' && schema.const === undefined) out = hardenInteger(out);
  for (const key of ['properties', 'patternProperties'] as const) {
    const map = schema[key];
    if (typeof map !== 'object' || map === null) continue;
    const next: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(map)) {
      // Open keys (a Record) are text too: jsonb cannot hold a NUL in a key either.
      next[key === 'patternProperties' ? withoutNul(name) : name] = harden(sub);
    }
    out[key] = next;
  }
  // Not `not`: tightening what a schema refuses would widen what it accepts.
  for (const key of ['items', 'additionalProperties', 'anyOf', 'allOf', 'oneOf'] as const) {
    if (typeof schema[key] === 'object' && schema[key] !== null) out[key] = harden(schema[key]);
  }
  return out;
}

/**
 * The same schema, refusing what the database cannot store: every string refuses NUL (its own
 * pattern still applies), every integer and number is bounded to int4 (tighter bounds stay) unless
 * it is a time made by `UnixSeconds`. The static type does not change.
 */
/* @__NO_SIDE_EFFECTS__ */
export function storable<T extends TSchema>(schema: T): T {
  return harden(schema) as T;
}

/** `storable` over every schema of a map, keeping its keys and types. */
/* @__NO_SIDE_EFFECTS__ */
export function storableAll<M extends Record<string, TSchema>>(schemas: M): M {
  return Object.fromEntries(Object.entries(schemas).map(([k, s]) => [k, storable(s)])) as M;
}
