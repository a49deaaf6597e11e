/** Small figure helpers shared by the benches: percentiles, per-kind latency tallies, tables. */

import { itemAt } from './pick.ts';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return itemAt(sorted, Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)));
}

/** Latencies (ms) and error counts by request kind. */
export class Tally {
  private readonly kinds = new Map<string, { ms: number[]; errors: number }>();

  private row(kind: string) {
    let r = this.kinds.get(kind);
    if (!r) {
      r = { ms: [], errors: 0 };
      this.kinds.set(kind, r);
    }
    return r;
  }

  ok(kind: string, ms: number): void {
    this.row(kind).ms.push(ms);
  }

  error(kind: string): void {
    this.row(kind).errors++;
  }

  /** Every latency recorded, whatever its kind. */
  all(): number[] {
    return [...this.kinds.values()].flatMap((r) => r.ms);
  }

  get errors(): number {
    let n = 0;
    for (const r of this.kinds.values()) n += r.errors;
    return n;
  }

  rows(seconds: number): string[][] {
    const out: string[][] = [];
    const all: number[] = [];
    let errors = 0;
    const line = (kind: string, ms: number[], errs: number) => [
      kind,
      String(ms.length),
      (ms.length / seconds).toFixed(1),
      fmtMs(percentile(ms, 50)),
      fmtMs(percentile(ms, 95)),
      fmtMs(percentile(ms, 99)),
      String(errs),
    ];
    for (const [kind, r] of [...this.kinds.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      out.push(line(kind, r.ms, r.errors));
      all.push(...r.ms);
      errors += r.errors;
    }
    out.push(line('all', all, errors));
    return out;
  }
}

export const fmtMs = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : n.toFixed(0));
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** A plain text table: first row is the header, columns right-aligned except the first. */
export function table(rows: string[][]): string {
  const [header = []] = rows;
  const widths = header.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  // A cell past the header's columns has no width to pad to.
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ')).join('\n');
}

/**
 * A text histogram of `values` (ms) in buckets of at least `minBucketMs`, widened to a round size so
 * it stays within `maxRows` lines; bars scaled to `width` characters.
 */
export function histogram(values: readonly number[], minBucketMs: number, width = 50, maxRows = 40): string {
  if (values.length === 0) return '(no values)';
  const span = Math.max(...values) - Math.min(...values);
  const steps = [1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
  const bucketMs = minBucketMs * (steps.find((k) => span / (minBucketMs * k) < maxRows) ?? Math.ceil(span / minBucketMs / maxRows));
  const counts = new Map<number, number>();
  for (const v of values) {
    const b = Math.floor(v / bucketMs);
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  const first = Math.min(...counts.keys());
  const last = Math.max(...counts.keys());
  const peak = Math.max(...counts.values());
  const lines: string[] = [];
  for (let b = first; b <= last; b++) {
    const n = counts.get(b) ?? 0;
    const label = `${((b * bucketMs) / 1000).toFixed(2)}-${(((b + 1) * bucketMs) / 1000).toFixed(2)} s`;
    lines.push(`${label.padStart(15)} ${String(n).padStart(5)} ${'#'.repeat(Math.round((n / peak) * width))}`);
  }
  return lines.join('\n');
}
