import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flipPatch, isShown, PRIVACY_SWITCHES } from '../../src/ui/people/privacy.ts';

const en = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', 'en.json'), 'utf8')) as { profile: { privacy: Record<string, string> } };
const stored = { show_email: false, show_personal: false, hide_phone: false, hide_trip_plan: true, hide_from_visitors: false };
const byFlag = (flag: string) => PRIVACY_SWITCHES.find((s) => s.flag === flag)!;

describe('privacy switches', () => {
  it('are all worded "Show my …"', () => {
    for (const sw of PRIVACY_SWITCHES) expect(en.profile.privacy[sw.label.split('.').pop()!]).toMatch(/^Show (my|me)\b/);
  });

  it('draw a hide flag as its opposite: a visible phone is on, a hidden trip plan is off', () => {
    expect(isShown(byFlag('hide_phone'), stored)).toBe(true);
    expect(isShown(byFlag('hide_trip_plan'), stored)).toBe(false);
    expect(isShown(byFlag('hide_from_visitors'), stored)).toBe(true);
    expect(isShown(byFlag('show_email'), stored)).toBe(false);
  });

  it('a tap flips the stored flag itself, so "Show my phone" off stores hide_phone = true', () => {
    expect(flipPatch(byFlag('hide_phone'), stored)).toEqual({ hide_phone: true });
    expect(flipPatch(byFlag('hide_trip_plan'), stored)).toEqual({ hide_trip_plan: false });
    expect(flipPatch(byFlag('show_email'), stored)).toEqual({ show_email: true });
    // Turning a switch off always hides, whatever the flag's polarity.
    for (const sw of PRIVACY_SWITCHES) {
      const on = { ...stored, [sw.flag]: !sw.hides };
      expect(isShown(sw, on)).toBe(true);
      expect(isShown(sw, { ...on, ...flipPatch(sw, on) })).toBe(false);
    }
  });
});
