import { describe, expect, it } from 'vitest';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { overlayCategory } from '../../src/data/visitor-category.ts';

const cmd = (seq: number, eventId: number, menuId: number | null, status: OutboxDoc['status'] = 'pending') =>
  ({ id: `c${seq}`, kind: 'visitor.category', payload: { event_id: eventId, menu_id: menuId }, occurredAt: '', seq, status }) as unknown as OutboxDoc;

describe('the own-category overlay', () => {
  it('shows the latest queued choice for the event over the document, pending until applied', () => {
    expect(overlayCategory(5, 1, [])).toEqual({ menuId: 1, pending: false });
    expect(overlayCategory(5, 1, [cmd(1, 5, 2), cmd(2, 5, null)])).toEqual({ menuId: 0, pending: true });
    expect(overlayCategory(5, 1, [cmd(2, 5, 2), cmd(1, 5, 3)])).toEqual({ menuId: 2, pending: true });
    expect(overlayCategory(5, 1, [cmd(1, 6, 2)])).toEqual({ menuId: 1, pending: false });
    expect(overlayCategory(5, 1, [cmd(1, 5, 2, 'applied')])).toEqual({ menuId: 2, pending: false });
    // A refused choice is not shown as made.
    expect(overlayCategory(5, 1, [cmd(1, 5, 2, 'rejected')])).toEqual({ menuId: 1, pending: false });
  });
});
