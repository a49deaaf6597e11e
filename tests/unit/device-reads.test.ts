import { describe, expect, it } from 'vitest';
import { APPOINTMENT_READS, APPOINTMENT_WRITES } from '../../sync/views/appointments/on-device.ts';
import { CALENDAR_READS, CALENDAR_WRITES } from '../../sync/views/calendar/on-device.ts';
import { CHAT_READS, CHAT_WRITES } from '../../sync/views/chat/on-device.ts';
import { DOOR_READS, DOOR_WRITES } from '../../sync/views/checkin/on-device.ts';
import { COMPANY_READS } from '../../sync/views/companies/on-device.ts';
import { MESSAGE_READS } from '../../sync/views/messages/on-device.ts';
import { NOTIFICATION_READS, NOTIFICATION_WRITES } from '../../sync/views/notifications/on-device.ts';
import { PEOPLE_READS } from '../../sync/views/people/on-device.ts';
import { SCHEDULE_READS } from '../../sync/views/schedule/on-device.ts';
import { TICKET_READS, TICKET_WRITES } from '../../sync/views/tickets/on-device.ts';
import { TRIP_READS } from '../../sync/views/trips/on-device.ts';
import { VISITOR_READS } from '../../sync/views/visitors/on-device.ts';
import { ADMIN_CACHES } from '../../sync/views/admin/on-device.ts';
import { PEOPLE_CACHES } from '../../sync/views/people/on-device.ts';
import { PROFILE_CACHES } from '../../sync/views/profile/on-device.ts';
import { REFERRAL_CACHES } from '../../sync/views/referrals/on-device.ts';
import { CALENDAR_CACHES } from '../../sync/views/calendar/on-device.ts';
import { CONTACT_CACHES, CONTACT_READS } from '../../sync/views/contacts/on-device.ts';
import { LEAD_CACHES, LEAD_READS } from '../../sync/views/leads/on-device.ts';
import { ACTIONS } from '../../workers/actions.ts';
import { CACHES } from '../../workers/caches.ts';
import { QUERIES } from '../../workers/queries.ts';

/**
 * Each area declares what it offers the page on the device beside its views; the worker merges the
 * areas' declarations with the shared ones (workers/queries.ts, workers/actions.ts).
 */
const READS = {
  APPOINTMENT_READS,
  CALENDAR_READS,
  CHAT_READS,
  CONTACT_READS,
  LEAD_READS,
  DOOR_READS,
  COMPANY_READS,
  MESSAGE_READS,
  NOTIFICATION_READS,
  PEOPLE_READS,
  SCHEDULE_READS,
  TICKET_READS,
  TRIP_READS,
  VISITOR_READS,
};
const WRITES = { APPOINTMENT_WRITES, CALENDAR_WRITES, CHAT_WRITES, DOOR_WRITES, NOTIFICATION_WRITES, TICKET_WRITES };

/** The names the areas declare, with every area that declares each. */
function owners(areas: Record<string, Record<string, unknown>>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [area, entries] of Object.entries(areas)) for (const name of Object.keys(entries)) out.set(name, [...(out.get(name) ?? []), area]);
  return out;
}

function expectMerged(areas: Record<string, Record<string, unknown>>, merged: Record<string, unknown>, sharedExample: string) {
  const byName = owners(areas);
  expect([...byName].filter(([, list]) => list.length > 1)).toEqual([]);
  // Every area entry reaches the worker's map as the area wrote it: a shared entry of the same name,
  // listed after the areas', would replace it and fail here.
  for (const [area, entries] of Object.entries(areas)) for (const [name, fn] of Object.entries(entries)) expect(merged[name], `${area}.${name}`).toBe(fn);
  const shared = Object.keys(merged).filter((n) => !byName.has(n));
  expect(shared.length + byName.size).toBe(Object.keys(merged).length);
  expect(shared).toContain(sharedExample);
}

describe('what the device offers the page', () => {
  it('takes each read name once: no area shadows another, and no shared read replaces an area read', () => {
    expectMerged(READS, QUERIES, 'session');
  });

  it('takes each write name once, in the same way', () => {
    expectMerged(WRITES, ACTIONS, 'enqueue');
  });

  it('takes each cache kind once, and every kind reads back from its own keys', () => {
    const areas = { PROFILE_CACHES, PEOPLE_CACHES, CALENDAR_CACHES, REFERRAL_CACHES, ADMIN_CACHES, CONTACT_CACHES, LEAD_CACHES };
    expect([...owners(areas)].filter(([, list]) => list.length > 1)).toEqual([]);
    for (const [area, entries] of Object.entries(areas))
      for (const [name, source] of Object.entries(entries)) expect(CACHES[name as keyof typeof CACHES], `${area}.${name}`).toBe(source);
    expect(Object.keys(CACHES).length).toBe(owners(areas).size);
    // A key is the kind, a colon and an argument: a colon inside a kind would cut it in two.
    expect(Object.keys(CACHES).filter((kind) => !/^[a-z_]+$/.test(kind))).toEqual([]);
  });
});
