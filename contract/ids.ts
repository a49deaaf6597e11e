/**
 * Row ids, as every side reads them from a path, a query, a form or a frame. Ids are PostgreSQL
 * integers: anything beyond int4 is refused before it can reach SQL and fail there.
 */
export const MAX_ID = 2147483647;

/** A positive integer id from a number or a decimal string; undefined when it is not one. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID ? value : undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_ID ? n : undefined;
}
