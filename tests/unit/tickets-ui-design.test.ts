import { describe, expect, it } from 'vitest';
import { checkDesignRoles, defaultTicketDesign } from '../../contract/tickets.ts';
import { addInstruction, mayRemoveRole, moveInstruction, newRole, removeInstruction, removeRole } from '../../src/features/tickets/design.ts';
import { parseStaffTarget } from '../../src/features/checkin/staff.ts';

describe('ticket design edits', () => {
  it('adds, moves and removes instructions keeping sort in list order', () => {
    let items = addInstruction(addInstruction([]));
    expect(items.map((i) => [i.id, i.sort])).toEqual([[1, 0], [2, 1]]);
    items = moveInstruction(items, 2, -1);
    expect(items.map((i) => [i.id, i.sort])).toEqual([[2, 0], [1, 1]]);
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
    const withSponsor = { ...saved, sponsors: { ...saved.sponsors, items: [{ name: 'A', description: '', image: '', image_thumb: '', link: '', role_id: 4 }] } };
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
