import { describe, expect, it } from 'vitest';
import { EVENT_SCOPE_NEEDS_USER, SCOPE_REQUEST_KEEP, scopeOf, trimScopeRequests } from '../../sync/engine/scopes.ts';

/** The scopes of the companies and door collections, and how many opened events a device keeps. */

describe('scopes of companies, tickets and the door', () => {
  it('scopes companies and door tickets by event, tickets by user; only the door needs a session', () => {
    expect(scopeOf('companies')).toBe('event');
    expect(scopeOf('door_tickets')).toBe('event');
    expect(scopeOf('tickets')).toBe('user');
    expect(EVENT_SCOPE_NEEDS_USER.has('door_tickets')).toBe(true);
    expect(EVENT_SCOPE_NEEDS_USER.has('companies')).toBe(false);
  });

  it('keeps the most recently opened events of companies and every door, and drops what is not an event scope', () => {
    const keep = SCOPE_REQUEST_KEEP.companies!;
    const items: Record<string, number> = { 'events@1': 5, 'companies@0': 1, nonsense: 9 };
    for (let i = 1; i <= keep + 2; i++) items[`companies@${i}`] = 100 + i;
    for (let i = 1; i <= keep + 2; i++) items[`door_tickets@${i}`] = 10 + i;
    const kept = trimScopeRequests(items);
    const companies = Object.keys(kept).filter((k) => k.startsWith('companies@'));
    expect(companies).toHaveLength(keep);
    expect(companies).not.toContain('companies@1');
    expect(companies).not.toContain('companies@2');
    expect(companies).toContain(`companies@${keep + 2}`);
    expect(Object.keys(kept).filter((k) => k.startsWith('door_tickets@'))).toHaveLength(keep + 2);
    expect(kept['events@1']).toBeUndefined();
    expect(kept.nonsense).toBeUndefined();
  });
});
