import { describe, expect, it } from 'vitest';
import type { MyEventDoc } from '../../contract/entities.ts';
import { EventsCollection, MyEventsCollection } from '../../contract/entities.ts';
import { VisitorsCollection } from '../../contract/visitors.ts';
import { CLIENT_COLLECTION_NAMES, RXDB_COLLECTION_LIMIT } from '../../sync/engine/database.ts';
import { replicationIdentifier } from '../../sync/engine/replication.ts';
import { eventScopes, replicationKey, scopeOf, takesPart } from '../../sync/engine/scopes.ts';
import { sourceOf } from '../../sync/store/caches.ts';
import { CACHES } from '../../workers/caches.ts';
import { myEventDoc } from '../fixtures/event-doc.ts';

const mine = (id: number, over: Partial<MyEventDoc> = {}) => myEventDoc(id, { rev: 1, ...over });

describe('collection scopes', () => {
  it("names each collection's scope", () => {
    expect(scopeOf('events')).toBe('public');
    expect(scopeOf('my_events')).toBe('user');
    expect(scopeOf('relations')).toBe('user');
    expect(scopeOf('visitors')).toBe('event');
  });

  it('replicates the visitors of the events the user takes part in: checked in, ticket or owner', () => {
    expect(takesPart(mine(1, { checked_in: true }))).toBe(true);
    expect(takesPart(mine(1, { has_ticket: true }))).toBe(true);
    expect(takesPart(mine(1, { is_owner: true }))).toBe(true);
    expect(takesPart(mine(1, { is_favorite: true, is_moderator: true, viewed_at: 5 }))).toBe(false);
    const scopes = eventScopes([mine(1, { checked_in: true }), mine(2, { is_favorite: true }), mine(3, { has_ticket: true })]);
    expect([...scopes.get('visitors')!]).toEqual([1, 3]);
  });

  it('names checkpoints per user, event and generation', () => {
    const base = 'http://x';
    expect(replicationIdentifier(MyEventsCollection, base, 5)).toBe('foyer:my_events:v1:http://x:u5');
    // The visitors' checkpoint carries the version of their packed local shape (sync/engine/visitor-pages.ts).
    expect(replicationIdentifier(VisitorsCollection, base, 5, { eventId: 42, generation: 0 })).toBe('foyer:visitors:v2:http://x:u5:e42:g0');
    expect(replicationIdentifier(VisitorsCollection, base, 5, { eventId: 42, generation: 1 })).not.toBe(
      replicationIdentifier(VisitorsCollection, base, 5, { eventId: 42, generation: 0 }),
    );
    // Events are public but shaped per viewer (drafts, the organisers' part): signing in pulls them anew.
    expect(replicationIdentifier(EventsCollection, base, null)).toBe('foyer:events:v9:http://x:uguest');
    expect(replicationIdentifier(EventsCollection, base, 5)).toBe('foyer:events:v9:http://x:u5');
    expect(replicationKey('visitors', 42)).toBe('visitors@42');
    expect(replicationKey('events')).toBe('events');
  });

  it('stays within the RxDB collection budget', () => {
    expect(CLIENT_COLLECTION_NAMES).toEqual(expect.arrayContaining(['events', 'my_events', 'relations', 'visitors', 'outbox']));
    expect(CLIENT_COLLECTION_NAMES.length).toBeLessThanOrEqual(RXDB_COLLECTION_LIMIT);
  });

  it('accepts only known cache keys and knows which need a session', () => {
    const known = (key: string) => sourceOf(CACHES, key) !== null;
    for (const key of ['own_profile', 'friends', 'status_types:pl', 'admin_people:12', 'people:leaveCity', 'calendar_feed', 'referrals'])
      expect(known(key), key).toBe(true);
    const unknown = ['unread_messages', 'meeting_partners:12', 'status_types:de', 'admin_people:0', 'admin_people:x', 'admin_people', 'people:everyone'];
    for (const key of [...unknown, 'own_profile:1', 'friends:', '__proto__', 'toString', 'constructor:1', '']) expect(known(key), key).toBe(false);
    expect(sourceOf(CACHES, 'admin_people:12')?.arg).toBe('12');
    expect(sourceOf(CACHES, 'friends')?.source.needsUser).toBe(true);
    expect(sourceOf(CACHES, 'people:allVisitors')?.source.needsUser).toBe(false);
    expect(sourceOf(CACHES, 'status_types:uk')?.source.needsUser).toBe(false);
  });
});
