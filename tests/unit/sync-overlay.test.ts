import { describe, expect, it } from 'vitest';
import type { EventDoc } from '../../contract/entities.ts';
import { eventDoc, myEventDoc as mine } from '../fixtures/event-doc.ts';
import { commandEventId, joinEvents, overlayEvent, type QueuedCommand } from '../../sync/store/overlay.ts';

const event = (id: number, over: Partial<EventDoc> = {}) => eventDoc(id, { total_people: 10, favorites_count: 5, ...over });

let seq = 0;
function cmd(kind: string, payload: Record<string, unknown>, status: QueuedCommand['status'] = 'pending'): QueuedCommand {
  seq++;
  return { id: `c${seq}`, kind, payload, seq, status };
}

describe('overlayEvent', () => {
  it('shows the server state when nothing is queued', () => {
    const v = overlayEvent(event(1), mine(1, { is_favorite: true, has_ticket: true, viewed_at: 50 }), []);
    expect(v).toMatchObject({ is_favorite: true, has_ticket: true, checked_in: false, viewed_at: 50, pending: false, favorites_count: 5 });
  });

  it('applies a queued favorite with its count, and the last of several wins', () => {
    const e = event(1);
    expect(overlayEvent(e, undefined, [cmd('event.favorite', { event_id: 1, favorite: true })])).toMatchObject({
      is_favorite: true,
      favorites_count: 6,
      pending: true,
    });
    const toggles = [
      cmd('event.favorite', { event_id: 1, favorite: true }),
      cmd('event.favorite', { event_id: 1, favorite: false }),
      cmd('event.favorite', { event_id: 1, favorite: true }),
    ];
    expect(overlayEvent(e, undefined, [...toggles].reverse())).toMatchObject({ is_favorite: true, favorites_count: 6 });
    expect(overlayEvent(e, mine(1, { is_favorite: true }), [cmd('event.favorite', { event_id: 1, favorite: false })])).toMatchObject({
      is_favorite: false,
      favorites_count: 4,
    });
  });

  it('does not count a favorite the server already has', () => {
    expect(overlayEvent(event(1), mine(1, { is_favorite: true }), [cmd('event.favorite', { event_id: 1, favorite: true })])).toMatchObject({
      is_favorite: true,
      favorites_count: 5,
      pending: true,
    });
  });

  it('applies check-in and its undo to checked_in and total_people', () => {
    const e = event(2, { total_people: 0 });
    expect(overlayEvent(e, undefined, [cmd('event.checkin', { event_id: 2 })])).toMatchObject({ checked_in: true, total_people: 1 });
    expect(overlayEvent(event(2, { total_people: 3 }), mine(2, { checked_in: true }), [cmd('event.uncheckin', { event_id: 2 })])).toMatchObject({
      checked_in: false,
      total_people: 2,
    });
    // Never below zero, whatever the server count says.
    expect(overlayEvent(e, mine(2, { checked_in: true }), [cmd('event.uncheckin', { event_id: 2 })]).total_people).toBe(0);
  });

  it('leaves total_people alone when a ticket holder or the owner checks in: they take part already', () => {
    expect(overlayEvent(event(2, { total_people: 4 }), mine(2, { has_ticket: true }), [cmd('event.checkin', { event_id: 2 })])).toMatchObject({
      checked_in: true,
      total_people: 4,
    });
    expect(overlayEvent(event(2, { total_people: 4 }), mine(2, { is_owner: true, checked_in: true }), [cmd('event.uncheckin', { event_id: 2 })])).toMatchObject(
      {
        checked_in: false,
        total_people: 4,
      },
    );
  });

  it('ignores rejected commands: the screen returns to the server truth', () => {
    const v = overlayEvent(event(3, { is_free: false }), undefined, [cmd('event.checkin', { event_id: 3 }, 'rejected')]);
    expect(v).toMatchObject({ checked_in: false, total_people: 10, pending: false });
  });

  it('keeps the flag of an applied command until its pull settles it, without counting it twice', () => {
    // The event document may already carry the server's new count while my_events is still old.
    const v = overlayEvent(event(4, { favorites_count: 6 }), undefined, [cmd('event.favorite', { event_id: 4, favorite: true }, 'applied')]);
    expect(v).toMatchObject({ is_favorite: true, favorites_count: 6, pending: true });
  });

  it('takes the later of the local and the server view time', () => {
    expect(overlayEvent(event(5), mine(5, { viewed_at: 100 }), [], 90).viewed_at).toBe(100);
    expect(overlayEvent(event(5), mine(5, { viewed_at: 100 }), [], 120).viewed_at).toBe(120);
    expect(overlayEvent(event(5), undefined, [], 0).viewed_at).toBe(0);
  });

  it('never changes the documents it is given', () => {
    const e = Object.freeze(event(6));
    const m = Object.freeze(mine(6));
    const v = overlayEvent(e, m, [cmd('event.favorite', { event_id: 6, favorite: true }), cmd('event.checkin', { event_id: 6 })]);
    expect(v).not.toBe(e);
    expect(e.favorites_count).toBe(5);
    expect(m.is_favorite).toBe(false);
    expect(Object.keys(e)).not.toContain('pending');
  });
});

describe('joinEvents', () => {
  const events = [event(1), event(2), event(3)];
  const myEvents = [mine(2, { is_favorite: true })];
  const outbox = [
    cmd('event.checkin', { event_id: 1 }),
    cmd('event.favorite', { event_id: 3, favorite: true }, 'rejected'),
    cmd('other.kind', { event_id: 3 }),
  ];

  it('joins each event with its relation, queued commands and local views', () => {
    const views = joinEvents({ events, myEvents, outbox, viewed: { '3': 77 }, signedIn: true });
    expect(views.map((v) => [v.event_id, v.is_favorite, v.checked_in, v.pending, v.viewed_at])).toEqual([
      [1, false, true, true, 0],
      [2, true, false, false, 0],
      [3, false, false, false, 77],
    ]);
  });

  it('shows a guest no personal state and no queued commands, but keeps device views', () => {
    const views = joinEvents({ events, myEvents, outbox, viewed: { '3': 77 }, signedIn: false });
    expect(views.every((v) => !v.is_favorite && !v.checked_in && !v.pending)).toBe(true);
    expect(views[2]!.viewed_at).toBe(77);
  });
});

describe('commandEventId', () => {
  it('reads the event of event commands only', () => {
    expect(commandEventId({ kind: 'event.favorite', payload: { event_id: 9 } })).toBe(9);
    expect(commandEventId({ kind: 'event.favorite', payload: { event_id: '9' } })).toBeUndefined();
    expect(commandEventId({ kind: 'chat.send', payload: { event_id: 9 } })).toBeUndefined();
  });
});
