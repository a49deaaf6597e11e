import { describe, expect, it } from 'vitest';
import { countReport } from '../../../scripts/vitest-counts.ts';

describe('npm test summary counts', () => {
  it('counts a file that failed outside its tests as one failure', () => {
    const counts = countReport({
      numPassedTests: 7,
      numFailedTests: 1,
      testResults: [
        { name: 'a.test.ts', status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
        { name: 'b.test.ts', status: 'failed', assertionResults: [] },
        { name: 'c.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    });
    expect(counts).toEqual({ passed: 7, failed: 2, brokenFiles: ['b.test.ts'] });
  });
});
