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
    expect(counts).toEqual({ passed: 7, failed: 2, brokenFiles: ['b.test.ts'], flaky: [] });
  });

  it('names a test that passed only on a retry, with its first failure, and counts it as passed', () => {
    const counts = countReport({
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [
        {
          name: 'd.test.ts',
          status: 'passed',
          assertionResults: [
            { status: 'passed', fullName: 'steady', failureMessages: [] },
            { status: 'passed', fullName: 'walk once', failureMessages: ['AssertionError: expected 1 to be +0\n    at d.test.ts:3'] },
          ],
        },
      ],
    });
    expect(counts.passed).toBe(2);
    expect(counts.failed).toBe(0);
    expect(counts.flaky).toEqual([{ file: 'd.test.ts', test: 'walk once', firstFailure: 'AssertionError: expected 1 to be +0' }]);
  });
});
