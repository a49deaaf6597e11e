import { describe, expect, it } from 'vitest';
import { checkDesignRoles, defaultTicketDesign } from '../../contract/tickets.ts';
import {
  addInstruction,
  badgeItemsFromText,
  mayRemoveRole,
  moveInstruction,
  newRole,
  removeInstruction,
  removeRole,
  toggleBadgeField,
} from '../../src/features/tickets/design.ts';
import { designImageFields, designImageName, designImageUrl } from '../../contract/tickets.ts';
import { parseStaffTarget } from '../../src/features/checkin/staff.ts';

describe('ticket design edits', () => {
  it('adds, moves and removes instructions keeping sort in list order', () => {
    let items = addInstruction(addInstruction([]));
    expect(items.map((i) => [i.id, i.sort])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    items = moveInstruction(items, 2, -1);
    expect(items.map((i) => [i.id, i.sort])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(moveInstruction(items, 2, -1).map((i) => i.id)).toEqual([2, 1]);
    items = removeInstruction(items, 2);
    expect(items).toEqual([{ id: 1, text: '', sort: 0 }]);
    // A removed id is not handed out again while a higher one exists.
    expect(addInstruction([{ id: 5, text: 'a', sort: 0 }]).map((i) => i.id)).toEqual([5, 6]);
  });

  it('offers no delete for default or blocked roles, and the result passes the server rules', () => {
    const saved = defaultTicketDesign();
    expect(saved.roles.map(mayRemoveRole)).toEqual([false, false, false, true, true]);
    expect(removeRole(saved, 0)).toBe(saved);
    const withSponsor = {
      ...saved,
      sponsors: { ...saved.sponsors, items: [{ name: 'A', description: '', image: '', image_thumb: '', link: '', role_id: 4 }] },
    };
    const next = removeRole(withSponsor, 3);
    expect(next.roles.map((r) => r.id)).toEqual([1, 2, 3, 5]);
    expect(next.sponsors.items[0]!.role_id).toBeNull();
    expect(checkDesignRoles(saved.roles, next)).toBeNull();
    expect(checkDesignRoles(saved.roles, { ...next, roles: [...next.roles, newRole('guest', '#000000')] })).toBeNull();
  });

  it('reads the staff field as an email or a user id', () => {
    expect(parseStaffTarget(' a@b.co ')).toEqual({ email: 'a@b.co' });
    expect(parseStaffTarget('42')).toEqual({ user_id: 42 });
    expect(parseStaffTarget('0')).toBeNull();
    expect(parseStaffTarget('bob')).toBeNull();
    expect(parseStaffTarget('99999999999')).toBeNull();
  });
});

describe('badge settings and design pictures', () => {
  it('toggles printed fields in a fixed order and keeps entries it does not know', () => {
    expect(toggleBadgeField(['qr', 'first_name'], 'company', true)).toEqual(['first_name', 'company', 'qr']);
    expect(toggleBadgeField(['first_name', 'custom_line', 'qr'], 'qr', false)).toEqual(['first_name', 'custom_line']);
    expect(toggleBadgeField([], 'position', false)).toEqual([]);
  });

  it('reads badge lines one per line, trimmed, blank lines dropped', () => {
    expect(badgeItemsFromText(' Main Stage \n\n Expo\n  ')).toEqual(['Main Stage', 'Expo']);
    expect(badgeItemsFromText('x'.repeat(150))).toEqual(['x'.repeat(100)]);
  });

  it('accepts only this server picture URLs as design pictures and lists every image field', () => {
    const url = designImageUrl(`${'a'.repeat(32)}.png`);
    expect(designImageName(url)).toBe(`${'a'.repeat(32)}.png`);
    for (const bad of ['', 'https://x.test/a.png', `${url}?x=1`, '/api/events/ticket-design/images/../secret.png', url.replace('.png', '.svg')]) {
      expect(designImageName(bad), bad).toBeNull();
    }
    const s = defaultTicketDesign();
    s.sponsors.items.push({ name: 'A', description: '', image: url, image_thumb: url, link: '', role_id: null });
    expect(designImageFields(s).map((f) => f.path)).toEqual([
      'instructions.image',
      'instructions.cropImage',
      'sponsors.image',
      'sponsors.items.0.image',
      'sponsors.items.0.image_thumb',
      'badge.image',
    ]);
  });
});
