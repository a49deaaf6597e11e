import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter as where } from 'rxjs';
import type { VisitorDoc } from '../../contract/visitors.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { putVisitorRows, readVisitorRows } from '../../sync/engine/visitor-pages.ts';
import { VisitorReadModels, type VisitorsRead } from '../../sync/views/visitors/read-model.ts';
import { observeAllVisitors, observeMeetingPartners, observePersonDocs } from '../../sync/views/visitors/store.ts';
import type { AppointmentDoc } from '../../contract/appointments.ts';
import { appointmentDoc } from '../fixtures/appointment-doc.ts';
import { openTestDatabase } from '../fixtures/test-database.ts';
import type { VisitorsFilter } from '../../sync/views/visitors/visitors.ts';

/**
 * The visitors screen's read model in the worker (issue 13): one page of cards and the counts for a
 * filter, kept current by one live query per event that every filter shares and that outlives the
 * screen.
 */

const EVENT = 7;
let db: FoyerDatabase | null = null;

afterEach(async () => {
  await db?.close();
  db = null;
});

async function device(): Promise<FoyerDatabase> {
  db = await openTestDatabase('visitors-read', ['visitors', 'events', 'relations', 'appointments']);
  return db;
}

/** As RxDB stores a pulled document. */
const visitor = (userId: number, over: Partial<VisitorDoc> = {}) => ({
  ...visitorDoc(userId, { avatar: `/files/avatars/${userId}.svg`, ...over }),
  _deleted: false,
});

const next = (reads: VisitorReadModels, accept: (r: VisitorsRead) => boolean, filter: VisitorsFilter = { limit: 2 }) =>
  firstValueFrom(reads.observe(EVENT, filter, { userId: null }).pipe(where(accept)));

describe('the visitors read model', () => {
  it('answers a filter with one page, the total and the counts, and follows new documents', async () => {
    const local = await device();
    await putVisitorRows(local.visitors, [visitor(1), visitor(2), visitor(3, { country_code: 'PL', country_name: 'Poland', city_id: 2, city_name: 'Kraków' })]);
    const reads = new VisitorReadModels(local);

    const first = await next(reads, (r) => r.allCount === 3);
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(3);
    expect(first.countries.map((c) => [c.code, c.count])).toEqual([
      ['UA', 2],
      ['PL', 1],
    ]);
    const searched = await next(reads, (r) => r.allCount === 3, { limit: 2, search: 'first3' });
    expect(searched.items.map((v) => v.user_id)).toEqual([3]);
    expect(searched.total).toBe(1);

    await putVisitorRows(local.visitors, [visitor(4)]);
    const later = await next(reads, (r) => r.allCount === 4);
    expect(later.total).toBe(4);
    reads.dispose();
  });

  it('builds one list per event, which every filter and later visit shares', async () => {
    const local = await device();
    await putVisitorRows(local.visitors, [visitor(1), visitor(2)]);
    const reads = new VisitorReadModels(local);
    const a = await next(reads, (r) => r.allCount === 2);
    // The screen closed and opened again: the same prepared cards, not a new read of the documents.
    const b = await next(reads, (r) => r.allCount === 2);
    expect(b.items[0]).toBe(a.items[0]);
    expect(b.countries).toBe(a.countries);
    reads.dispose();
  });
});

describe("one person's documents", () => {
  it('answer at once and again when a write touches one of theirs, not for other people', async () => {
    const local = await device();
    await putVisitorRows(local.visitors, [visitor(1), visitor(2)]);
    const answers: number[][] = [];
    const sub = observePersonDocs(local, 2).subscribe((docs) => answers.push(docs.map((d) => d.user_id)));
    await waitFor(() => answers.length === 1);
    expect(answers).toEqual([[2]]);

    await putVisitorRows(local.visitors, [visitor(3), visitor(4)]);
    await putVisitorRows(local.visitors, [visitor(2, { event_id: EVENT + 1, rev: 9 })]);
    await waitFor(() => answers.length === 2);
    sub.unsubscribe();
    expect(answers).toEqual([[2], [2, 2]]);
  });
});

describe('every visitor, for the people card', () => {
  it('reads the collection once, then follows inserts, updates and deletions from the writes themselves', async () => {
    const local = await device();
    await putVisitorRows(local.visitors, [visitor(1), visitor(2)]);
    const answers: VisitorDoc[][] = [];
    const sub = observeAllVisitors(local, 0).subscribe(({ visitors }) => answers.push(visitors));
    const latest = () => answers.at(-1) ?? [];
    const ids = () =>
      latest()
        .map((d) => d.user_id)
        .sort((a, b) => a - b);
    await waitFor(() => ids().join() === '1,2');

    await putVisitorRows(local.visitors, [visitor(3), visitor(4)]);
    await waitFor(() => ids().join() === '1,2,3,4');
    await putVisitorRows(local.visitors, [visitor(2, { first_name: 'Renamed', rev: 5 })]);
    await waitFor(() => latest().find((d) => d.user_id === 2)?.first_name === 'Renamed');
    await putVisitorRows(local.visitors, [{ ...visitor(1), _deleted: true }]);
    await waitFor(() => ids().join() === '2,3,4');

    // What it holds is what a fresh read gives, without RxDB's own fields.
    const fresh = await readVisitorRows(local.visitors);
    const byId = (l: VisitorDoc[]) => [...l].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(latest())).toEqual(byId(fresh));
    sub.unsubscribe();
  });
});

async function waitFor(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!done()) throw new Error('timed out');
}

describe('meeting partners', () => {
  it('are the people the user meets at the event by the replicated appointments, whatever their state', async () => {
    const local = await device();
    const meeting = (id: number, eventId: number, other: number, state: AppointmentDoc['state']) => ({
      ...appointmentDoc(id, { event_id: eventId, from_user_id: 1, to_user_id: other, state }),
      _deleted: false,
    });
    await local.appointments.bulkInsert([meeting(1, EVENT, 2, 'pending'), meeting(2, EVENT, 3, 'canceled'), meeting(3, EVENT + 1, 4, 'accepted')]);
    const partners = (accept: (s: ReadonlySet<number>) => boolean) => firstValueFrom(observeMeetingPartners(local, EVENT).pipe(where(accept)));
    expect([...(await partners(() => true))].sort()).toEqual([2, 3]);
    // The feed deletes a meeting that is gone; its person is no longer a partner.
    await (await local.appointments.findOne('1').exec())?.remove();
    expect([...(await partners((s) => !s.has(2)))]).toEqual([3]);
  });
});
