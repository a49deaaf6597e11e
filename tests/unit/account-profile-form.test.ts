import { describe, expect, it } from 'vitest';
import { checkPersonal, personalPatch, personalValues } from '../../src/features/account/profileForm.ts';
import type { OwnProfile } from '../../sync/views/profile/profile.ts';
import { ownProfile } from '../fixtures/own-profile.ts';

const base: OwnProfile = ownProfile({ hobby: '4' });

describe('the settings page personal form', () => {
  it('sends only what changed, as the profile.update payload wants it', () => {
    const v = personalValues(base);
    expect(personalPatch(v, base)).toEqual({});
    const next = {
      ...v,
      company: ' Acme ',
      position: 'CTO',
      sex: '2' as const,
      birth_year: '1990',
      hobby: [7, 4],
      social: { linkedin: '', telegram: ' @anna ' },
    };
    expect(personalPatch(next, base)).toEqual({ position: 'CTO', sex: 2, birth_year: 1990, hobby: [4, 7], social: { linkedin: '', telegram: '@anna' } });
  });

  it('refuses what the server would refuse, field by field', () => {
    const v = personalValues(base);
    expect(checkPersonal(v, base)).toEqual({});
    expect(checkPersonal({ ...v, first_name: '\u200b', phone: 'call me', position: ' ', birth_year: '1850' }, base, 2026)).toEqual({
      first_name: 'first_name',
      phone: 'phone',
      position: 'position',
      birth_year: 'birth_year',
    });
    // Empty before, empty now: a new account's position may stay empty.
    expect(checkPersonal({ ...v, help: '' }, base)).toEqual({});
  });
});
