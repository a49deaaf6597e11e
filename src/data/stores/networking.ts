import type { Observable } from 'rxjs';
import type { EventDoc } from '../../../contract/entities.ts';
import type { VisitorDoc } from '../../../contract/visitors.ts';
import { observeCache, type CacheEntry, type CacheKey } from '../../../sync/store/caches.ts';
import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import type { PreparedVisitor, RelationView } from '../../../sync/views/visitors/visitors.ts';
import {
  observeAllVisitors,
  observeEventVisitors,
  observeOwnProfile,
  observePersonDocs,
  observeRelationViews,
  type OwnProfileState,
} from '../../../sync/views/visitors/store.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';
import { VisitorReads } from './visitor-reads.ts';

/**
 * The live reads of the visitors, people and profile screens, started when a screen first needs
 * them (an event's visitors are not worth querying on the events list).
 */
/**
 * An event's visitors take a read of every document and a rebuild of the prepared list to start
 * (half a second for 5,000 on a phone), and people go back and forth between that screen and
 * others: the query stays up for a while after the screen closes, kept current at little cost.
 */
const VISITORS_LINGER_MS = 5 * 60_000;

export class NetworkingStores {
  readonly visitors = new LiveStoreMap<number, PreparedVisitor[]>(
    (eventId) => new LiveStore((db) => observeEventVisitors(db, eventId), [], VISITORS_LINGER_MS),
  );
  /** The visitors screen's pages, read through the sync worker. */
  readonly reads = new VisitorReads();
  readonly relations = new LiveStore<Map<number, RelationView>>((db) => observeRelationViews(db), new Map());
  readonly ownProfile = new LiveStore<OwnProfileState>((db) => observeOwnProfile(db), { profile: null, source: null, fetchedAt: null, pending: false });
  readonly person = new LiveStoreMap<number, VisitorDoc[]>((userId) => new LiveStore((db) => observePersonDocs(db, userId), []));
  readonly allVisitors = new LiveStore<{ visitors: VisitorDoc[]; events: EventDoc[] }>((db) => observeAllVisitors(db), { visitors: [], events: [] });
  readonly caches = new LiveStoreMap<CacheKey, CacheEntry<unknown> | null>(
    (key) => new LiveStore((db) => observeCache(db, key) as Observable<CacheEntry<unknown> | null>, null),
  );

  setDatabase(db: FoyerDatabase | null): void {
    this.visitors.setDatabase(db);
    this.relations.setDatabase(db);
    this.ownProfile.setDatabase(db);
    this.person.setDatabase(db);
    this.allVisitors.setDatabase(db);
    this.caches.setDatabase(db);
  }
}
