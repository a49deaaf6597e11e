import { describe, expect, it } from 'vitest';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { isLiked, LIKE_STATUS, nextLikeRequest, storedLike } from '../../contract/visitors.ts';
import { COMMAND_PAYLOADS } from '../../contract/commands.ts';

describe('the like rule', () => {
  it('sends 1 when the current like is 2 or 3, otherwise 2 (networking.md §4)', () => {
    expect(nextLikeRequest(LIKE_STATUS.none)).toBe(2);
    expect(nextLikeRequest(LIKE_STATUS.notLiked)).toBe(2);
    expect(nextLikeRequest(LIKE_STATUS.liked)).toBe(1);
    expect(nextLikeRequest(LIKE_STATUS.mutual)).toBe(1);
  });

  it('stores 3 only when the other person likes back, and 1 for any unlike', () => {
    expect(storedLike(2, false)).toBe(2);
    expect(storedLike(2, true)).toBe(3);
    expect(storedLike(1, true)).toBe(1);
    expect(storedLike(1, false)).toBe(1);
  });

  it('counts 2 and 3 as liked, nothing else', () => {
    expect([0, 1, 2, 3, null, undefined].map(isLiked)).toEqual([false, false, true, true, false, false]);
  });

  it('a click on a stored answer toggles: like, then unlike, then like again', () => {
    let current: number = LIKE_STATUS.none;
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      current = storedLike(nextLikeRequest(current), true);
      seen.push(current);
    }
    expect(seen).toEqual([3, 1, 3]);
  });
});

describe('visitor command payloads', () => {
  const like = TypeCompiler.Compile(COMMAND_PAYLOADS['visitor.like']);
  const favorite = TypeCompiler.Compile(COMMAND_PAYLOADS['visitor.favorite']);
  const profile = TypeCompiler.Compile(COMMAND_PAYLOADS['profile.update']);

  it('accepts a like of 1 or 2 for a user id and nothing else', () => {
    expect(like.Check({ user_id: 4, status: 2 })).toBe(true);
    expect(like.Check({ user_id: 4, status: 1 })).toBe(true);
    expect(like.Check({ user_id: 4, status: 3 })).toBe(false);
    expect(like.Check({ user_id: 0, status: 2 })).toBe(false);
    expect(like.Check({ user_id: 4, status: 2, extra: true })).toBe(false);
    expect(favorite.Check({ user_id: 4, favorite: true })).toBe(true);
    expect(favorite.Check({ user_id: 4, favorite: 'yes' })).toBe(false);
  });

  it("lets a profile update touch only the user's own fields", () => {
    expect(profile.Check({ position: 'CTO', hide_phone: true })).toBe(true);
    for (const key of ['role', 'is_moderator', 'email', 'password', 'password_hash', 'has_ticket', 'disabled', 'id', 'rev']) {
      expect(profile.Check({ [key]: 'x' }), key).toBe(false);
    }
    expect(profile.Check(JSON.parse('{"__proto__": {"role": "admin"}}'))).toBe(false);
    expect(profile.Check({ show_status: 4 })).toBe(false);
    expect(profile.Check({ phone: '<script>' })).toBe(false);
  });
});
