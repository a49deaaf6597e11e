/**
 * The row of a statement that always returns exactly one: an aggregate without GROUP BY, or an
 * INSERT … RETURNING. None back means the SQL itself is wrong, so say which statement it was
 * rather than hand `undefined` to the caller.
 */
export function onlyRow<R>(result: { rows: R[] }, what: string): R {
  const [row] = result.rows;
  if (row === undefined) throw new Error(`${what}: the statement returned no row`);
  return row;
}
