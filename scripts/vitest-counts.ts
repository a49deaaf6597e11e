/**
 * Reads vitest's JSON report and prints "<passed> <failed> <flaky>" for scripts/test.sh. A test file
 * that fails before or around its tests (an import error, a failing beforeAll) has no failed test of
 * its own, so it counts as one failure here; otherwise a broken file would vanish from the total.
 *
 * A test that passed with failure messages failed first and passed on a retry (the browser stage
 * allows one). It counts as passed, and is named on stderr with its first failure, so a flake is
 * seen in every run's log instead of hidden by the retry.
 *
 * Usage: node --import tsx scripts/vitest-counts.ts <report.json>
 */
import fs from 'node:fs';

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName?: string; failureMessages?: string[] }[];
  }[];
}

export interface Counts {
  passed: number;
  failed: number;
  brokenFiles: string[];
  /** Tests that passed only on a retry: file, name and the first line of the first failure. */
  flaky: { file: string; test: string; firstFailure: string }[];
}

export function countReport(report: JsonReport): Counts {
  const brokenFiles = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
    .map((file) => file.name);
  const flaky = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === 'passed' && (t.failureMessages?.length ?? 0) > 0)
      .map((t) => ({ file: file.name, test: t.fullName ?? '', firstFailure: (t.failureMessages?.[0] ?? '').split('\n')[0] ?? '' })),
  );
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles.length, brokenFiles, flaky };
}

function main() {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) {
    console.log('0 0 0 missing');
    return;
  }
  const { passed, failed, brokenFiles, flaky } = countReport(JSON.parse(fs.readFileSync(file, 'utf8')) as JsonReport);
  for (const name of brokenFiles) console.error(`  file failed outside its tests: ${name}`);
  for (const t of flaky) console.error(`  passed only on a retry: ${t.file} > ${t.test}\n    first try: ${t.firstFailure}`);
  console.log(`${passed} ${failed} ${flaky.length}`);
}

if (process.argv[1]?.endsWith('vitest-counts.ts')) main();
