import { describe, expect, it } from 'vitest';
import { DomainError } from '../../contract/errors.ts';
import { normalizeHobby, profileChanges } from '../../server/domain/profile/service.ts';

function refusal(patch: unknown): string | undefined {
  try {
    profileChanges(patch, 2026);
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return `${err.code}:${err.detail}`;
    throw err;
  }
}

describe('profile changes', () => {
  it('trims texts and keeps fields that were left out', () => {
    expect(profileChanges({ position: '  CTO ', company: '  ', status: ' Hi ', help: ' Investors\n' }, 2026)).toEqual({
      position: 'CTO',
      company: '',
      status: 'Hi',
      help: 'Investors',
    });
    expect(profileChanges({ phone: ' +380 50 ' }, 2026)).toEqual({ phone: '+380 50' });
  });

  it('refuses emptying position, about me (status), looking for (help) and the first name', () => {
    expect(refusal({ position: '   ' })).toBe('invalid_input:position');
    expect(refusal({ status: '' })).toBe('invalid_input:status');
    expect(refusal({ help: '\t' })).toBe('invalid_input:help');
    // A name has its own code (contract/names.ts): one left without a letter or digit.
    expect(refusal({ first_name: ' ' })).toBe('invalid_name:first_name');
    expect(refusal({ first_name: '\u200B\u202E' })).toBe('invalid_name:first_name');
    expect(refusal({ company: '' })).toBeUndefined();
  });

  it('defaults an empty show_status to the first status type and refuses unknown ones', () => {
    expect(profileChanges({ show_status: 0 }, 2026)).toEqual({ show_status: 1 });
    expect(profileChanges({ show_status: null }, 2026)).toEqual({ show_status: 1 });
    expect(profileChanges({ show_status: 3 }, 2026)).toEqual({ show_status: 3 });
    expect(refusal({ show_status: 4 })).toBe('invalid_input:profile');
  });

  it("refuses fields that are not the user's to set, and oversized texts", () => {
    expect(refusal({ role: 'organizer' })).toBe('invalid_input:profile');
    expect(refusal({ email: 'a@b.c' })).toBe('invalid_input:profile');
    expect(refusal({ position: 'x'.repeat(201) })).toBe('invalid_input:profile');
    expect(refusal({ birth_year: 2027 })).toBe('invalid_input:birth_year');
    expect(refusal('position')).toBe('invalid_input:profile');
  });

  it('stores interests as sorted distinct ids', () => {
    expect(normalizeHobby([7, 1, 7, 3])).toBe('1,3,7');
    expect(normalizeHobby('4,2,2')).toBe('2,4');
    expect(normalizeHobby([])).toBe('');
    expect(profileChanges({ hobby: [5, 5] }, 2026)).toEqual({ hobby: '5' });
  });
});
