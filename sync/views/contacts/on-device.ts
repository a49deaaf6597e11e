import { combineLatest, distinctUntilChanged, map, of, switchMap } from 'rxjs';
import type { RelationDoc } from '../../../contract/visitors.ts';
import type { EventDoc } from '../../../contract/entities.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { cacheSource, legacyGet } from '../../store/caches.ts';
import { contactsOnDevice, scannedEventIds, toContactCode } from './contacts.ts';

const CONTACT_KINDS = ['contact.scan', 'contact.note', 'contact.remove'];

/**
 * The live read of contacts met by QR, as the worker serves it to the page by name
 * (workers/queries.ts merges every area's): the relations documents that hold a contact, with this
 * device's queued contact commands on top (contacts.ts), and the names of the events a queued scan
 * names, looked up among the events the device holds.
 */
export const CONTACT_READS = {
  contacts: (db: FoyerDatabase) => {
    const relations$ = db.relations.find().$.pipe(map((list) => list.map((d) => d.toJSON() as RelationDoc).filter((r) => r.contact)));
    const outbox$ = db.outbox.find({ selector: { kind: { $in: CONTACT_KINDS } } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));
    return combineLatest([relations$, outbox$]).pipe(
      switchMap(([relations, outbox]) => {
        const ids = scannedEventIds(outbox);
        if (ids.length === 0) return of(contactsOnDevice(relations, outbox, new Map()));
        return db.events
          .findByIds(ids.map(String))
          .$.pipe(
            map((found) =>
              contactsOnDevice(relations, outbox, new Map([...found.values()].map((d) => [(d.toJSON() as EventDoc).event_id, (d.toJSON() as EventDoc).name]))),
            ),
          );
      }),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    );
  },
} as const;

/**
 * The contact code's read-through cache (sync/store/caches.ts), merged with every area's in
 * workers/caches.ts. contact_code: GET /api/contacts/code, the user's own signed code and the key
 * that checks everybody's, kept so the code shows and scans are judged with no network.
 */
export const CONTACT_CACHES = {
  contact_code: cacheSource({
    needsUser: true,
    fetch: async (http, _arg, signal) => toContactCode(await legacyGet(http, '/api/contacts/code', signal)),
  }),
} as const;
