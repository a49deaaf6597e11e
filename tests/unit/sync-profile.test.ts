import { describe, expect, it } from 'vitest';
import type { QueuedCommand } from '../../sync/store/overlay.ts';
import {
  applyProfilePatch,
  effectiveShowStatus,
  overlayProfile,
  toOwnProfile,
  validateVisitorInfo,
  type OwnProfile,
} from '../../sync/views/profile/profile.ts';
import { ownProfile } from '../fixtures/own-profile.ts';

const profile = (over: Partial<OwnProfile> = {}) => ownProfile({ help: 'Jobs', ...over });

let seq = 0;
const cmd = (payload: Record<string, unknown>, status: QueuedCommand['status'] = 'pending'): QueuedCommand => ({
  id: `p${++seq}`,
  kind: 'profile.update',
  payload,
  seq,
  status,
});

describe('the visitor info form rules', () => {
  it('requires position, about me and looking for, and leaves company optional', () => {
    expect(validateVisitorInfo({ position: '', status: ' ', help: '\n' })).toEqual({
      position: 'position_required',
      status: 'status_required',
      help: 'help_required',
    });
    expect(validateVisitorInfo({ position: 'CTO', status: 'Me', help: 'You' })).toEqual({});
  });

  it('defaults show_status to the first status type when empty or unknown', () => {
    const types = [{ value: 1 }, { value: 2 }, { value: 3 }];
    expect(effectiveShowStatus(0, types)).toBe(1);
    expect(effectiveShowStatus(9, types)).toBe(1);
    expect(effectiveShowStatus(2, types)).toBe(2);
    expect(effectiveShowStatus(2, [])).toBe(1);
  });
});

describe('applyProfilePatch', () => {
  it('applies a patch as the server does: trimmed texts, merged links, first status type for 0', () => {
    const next = applyProfilePatch(profile(), {
      position: '  CTO ',
      show_status: 0,
      social: { linkedin: '', twitter: ' @anna ' },
      hobby: [7, 4, 4],
      hide_phone: true,
    });
    expect(next).toMatchObject({ position: 'CTO', show_status: 1, social: { twitter: '@anna' }, hobby: '4,7', hide_phone: true, company: 'Acme' });
    expect(next.social.linkedin).toBeUndefined();
  });

  it('applies the interface language and merges email notices (settings, issue 15)', () => {
    const next = applyProfilePatch(profile({ notify_email: { new_message: false } }), { locale: 'pl', notify_email: { meeting_request: false } });
    expect(next).toMatchObject({ locale: 'pl', notify_email: { new_message: false, meeting_request: false } });
    expect(toOwnProfile({ user_id: 3, notify_email: { new_message: false, bogus: 1 }, email_verified: false })).toMatchObject({
      notify_email: { new_message: false },
      email_verified: false,
      locale: '',
    });
  });

  it('shows a queued name cleaned as the server will store it (contract/names.ts)', () => {
    expect(applyProfilePatch(profile(), { first_name: '\u202EnimdA ', last_name: 'Ko\u200Bvalenko' })).toMatchObject({
      first_name: 'nimdA',
      last_name: 'Kovalenko',
    });
  });

  it('clears the city name when the city changes, until the server names it', () => {
    expect(applyProfilePatch(profile(), { city_id: 5 })).toMatchObject({ city_id: 5, city_name: '' });
    expect(applyProfilePatch(profile(), { city_id: 1 })).toMatchObject({ city_id: 1, city_name: 'Kyiv' });
  });
});

describe('overlayProfile', () => {
  it('applies in-flight edits in order, says pending until the server applied them, and ignores rejected ones', () => {
    const base = profile();
    const commands = [cmd({ position: 'B' }), cmd({ position: 'C' }, 'rejected'), cmd({ company: 'Z' }, 'applied')].reverse();
    expect(overlayProfile(base, commands)).toEqual({ profile: { ...base, position: 'B', company: 'Z' }, pending: true });
    expect(overlayProfile(base, [cmd({ position: 'D' }, 'applied')])).toEqual({ profile: { ...base, position: 'D' }, pending: false });
    expect(overlayProfile(base, [{ ...cmd({ position: 'E' }), kind: 'visitor.like' }])).toEqual({ profile: base, pending: false });
  });
});

describe('toOwnProfile', () => {
  it('reads the legacy profile/lite answer, tolerating nulls and missing fields', () => {
    const p = toOwnProfile({
      user_id: 4,
      first_name: 'A',
      sex: null,
      age: 30,
      birth_year: 1996,
      show_email: true,
      social: { vk: 'x', evil: 'y' },
      city: 'Lviv',
    });
    expect(p).toMatchObject({
      user_id: 4,
      first_name: 'A',
      last_name: '',
      sex: 0,
      birth_year: 1996,
      show_email: true,
      hide_phone: false,
      social: { vk: 'x' },
      city_name: 'Lviv',
    });
    expect(p.social).not.toHaveProperty('evil');
    expect(toOwnProfile(null).user_id).toBe(0);
  });
});
