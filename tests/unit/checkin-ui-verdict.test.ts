import { describe, expect, it } from 'vitest';
import { SCAN_RESULTS } from '../../contract/tickets.ts';
import type { ScanVerdict } from '../../contract/checkin.ts';
import { verdictView } from '../../src/features/checkin/verdict.ts';
import { RepeatFilter, SAME_CODE_COOLDOWN_MS } from '../../src/ui/scan/camera.ts';

/** What the door shows for each result, and how the camera counts a code held in front of it. */

const verdict = (over: Partial<ScanVerdict>): { verdict: ScanVerdict } => ({
  verdict: { result: 'admitted', admitted: true, code: 'FY-1', ticketId: 1, ticket: null, unlisted: false, usedBy: null, ...over },
});

describe('the answer to a scan', () => {
  it('lets in on admitted, warns when admitted on the signature alone, and gives every refusal its reason', () => {
    expect(verdictView(verdict({}))).toEqual({ tone: 'admitted', titleKey: 'door.result.admitted', reasonKey: null });
    expect(verdictView(verdict({ unlisted: true }))).toEqual({ tone: 'warning', titleKey: 'door.result.admitted', reasonKey: 'door.reason.unlisted' });
    // An exit lets nobody in and refuses nobody: it shows as a go, with what it means.
    expect(verdictView(verdict({ result: 'checked_out', admitted: false }))).toEqual({
      tone: 'admitted',
      titleKey: 'door.result.checked_out',
      reasonKey: 'door.reason.checked_out',
    });
    for (const result of SCAN_RESULTS.filter((r) => r !== 'admitted' && r !== 'checked_out')) {
      const view = verdictView(verdict({ result, admitted: false }));
      expect(view.tone, result).toBe('refused');
      expect(view.reasonKey, result).toBe(`door.reason.${result}`);
    }
    expect(verdictView(verdict({ result: 'already_used', admitted: false })).titleKey).toBe('door.result.already_used');
  });
});

describe('the camera', () => {
  it('counts a code held in view once, and again after it was out of sight for the cooldown or another came between', () => {
    const f = new RepeatFilter();
    expect(f.accept('A', 0)).toBe(true);
    expect(f.accept('A', 200)).toBe(false);
    expect(f.accept('A', 200 + SAME_CODE_COOLDOWN_MS)).toBe(false);
    expect(f.accept('A', 201 + 2 * SAME_CODE_COOLDOWN_MS)).toBe(true);
    expect(f.accept('B', 201 + 2 * SAME_CODE_COOLDOWN_MS)).toBe(true);
    expect(f.accept('A', 202 + 2 * SAME_CODE_COOLDOWN_MS)).toBe(true);
  });
});
