/** A route or query parameter as a positive integer; 0 for anything else. */
export function positiveInt(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
