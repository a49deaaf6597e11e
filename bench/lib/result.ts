import fs from 'node:fs';

/**
 * Figures a benchmark hands to `npm run bench:all` (bench/all.ts): one JSON line per run appended to
 * the file named by BENCH_RESULT_FILE. Run on its own, a benchmark only prints.
 */
export function recordFigures(bench: string, figures: Record<string, number | null>): void {
  const file = process.env.BENCH_RESULT_FILE;
  if (!file) return;
  fs.appendFileSync(file, `${JSON.stringify({ bench, at: new Date().toISOString(), figures })}\n`);
}
