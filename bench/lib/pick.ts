/**
 * Checked reads for the benches, which index arrays they built themselves: a missing item means
 * the bench miscounted, and it should stop there rather than measure `undefined`.
 */

export function itemAt<T>(xs: readonly T[], i: number): T {
  const x = xs.at(i);
  if (x === undefined) throw new Error(`no item at ${i} in a list of ${xs.length}`);
  return x;
}

/** The middle value of `xs` (the mean of the two middle ones for an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  if (s.length === 0) return NaN;
  return s.length % 2 ? itemAt(s, mid) : (itemAt(s, mid - 1) + itemAt(s, mid)) / 2;
}

/** One item of a non-empty list, chosen at random. */
export function anyOf<T>(xs: readonly T[]): T {
  return itemAt(xs, Math.floor(Math.random() * xs.length));
}
