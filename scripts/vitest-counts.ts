/**
 * Reads vitest's JSON report and prints "<passed> <failed>" for scripts/test.sh. A test file that
 * fails before or around its tests (an import error, a failing beforeAll) has no failed test of its
 * own, so it counts as one failure here; otherwise a broken file would vanish from the total.
 *
 * Usage: node --import tsx scripts/vitest-counts.ts <report.json>
 */
import fs from 'node:fs';

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
}

export function countReport(report: JsonReport): { passed: number; failed: number; brokenFiles: string[] } {
  const brokenFiles = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
    .map((file) => file.name);
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles.length, brokenFiles };
}

function main() {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) {
    console.log('0 0 missing');
    return;
  }
  const { passed, failed, brokenFiles } = countReport(JSON.parse(fs.readFileSync(file, 'utf8')) as JsonReport);
  for (const name of brokenFiles) console.error(`  file failed outside its tests: ${name}`);
  console.log(`${passed} ${failed}`);
}

if (process.argv[1]?.endsWith('vitest-counts.ts')) main();
