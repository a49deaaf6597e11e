import { describe, expect, it } from 'vitest';
import { APPOINTMENT_READS } from '../../sync/views/appointments/reads.ts';
import { CALENDAR_READS } from '../../sync/views/calendar/reads.ts';
import { CHAT_READS } from '../../sync/views/chat/reads.ts';
import { DOOR_READS } from '../../sync/views/checkin/reads.ts';
import { COMPANY_READS } from '../../sync/views/companies/reads.ts';
import { MESSAGE_READS } from '../../sync/views/messages/reads.ts';
import { NOTIFICATION_READS } from '../../sync/views/notifications/reads.ts';
import { PEOPLE_READS } from '../../sync/views/people/reads.ts';
import { SCHEDULE_READS } from '../../sync/views/schedule/reads.ts';
import { TICKET_READS } from '../../sync/views/tickets/reads.ts';
import { TRIP_READS } from '../../sync/views/trips/reads.ts';
import { VISITOR_READS } from '../../sync/views/visitors/reads.ts';
import { QUERIES } from '../../workers/queries.ts';

const AREAS = {
  APPOINTMENT_READS,
  CALENDAR_READS,
  CHAT_READS,
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

describe("the device's live reads", () => {
  it('take each name once: no area shadows another, and no shared read replaces an area read', () => {
    const owners = new Map<string, string[]>();
    for (const [area, reads] of Object.entries(AREAS)) for (const name of Object.keys(reads)) owners.set(name, [...(owners.get(name) ?? []), area]);
    expect([...owners].filter(([, list]) => list.length > 1)).toEqual([]);
    const areaNames = [...owners.keys()];
    // Every area read reaches the worker's map as the area wrote it.
    for (const [area, reads] of Object.entries(AREAS))
      for (const [name, read] of Object.entries(reads)) expect(QUERIES[name as keyof typeof QUERIES], `${area}.${name}`).toBe(read);
    // The shared reads are the rest of the map, and none of them is an area's name.
    const shared = Object.keys(QUERIES).filter((n) => !owners.has(n));
    expect(shared.length + areaNames.length).toBe(Object.keys(QUERIES).length);
    expect(shared).toContain('session');
  });
});
