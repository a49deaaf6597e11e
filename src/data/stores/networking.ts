import type { PeopleTab, VisitorDoc } from '../../../contract/visitors.ts';
import type { CacheEntry, CacheKey } from '../../../sync/store/caches.ts';
import type { RelationView } from '../../../sync/views/visitors/visitors.ts';
import type { OwnProfileState } from '../../../sync/views/visitors/store.ts';
import { NO_LOCAL_PEOPLE, type LocalPeopleRead } from '../../../sync/views/people/people.ts';
import { query, type Device } from '../device.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';
import { VisitorReads } from './visitor-reads.ts';

/**
 * The live reads of the visitors, people and profile screens, started when a screen first needs
 * them (an event's visitors are not worth querying on the events list).
 */
export class NetworkingStores {
  /** The visitors screen's pages, from the host's read model (sync/views/visitors/read-model.ts). */
  readonly reads = new VisitorReads();
  readonly relations = new LiveStore<Map<number, RelationView>>(query('relations'), new Map());
  readonly ownProfile = new LiveStore<OwnProfileState>(query('ownProfile'), { profile: null, source: null, fetchedAt: null, pending: false });
  readonly person = new LiveStoreMap<number, VisitorDoc[]>((userId) => new LiveStore(query('person', userId), []));
  /** The people card's page per `${tab}:${limit}`, from the device's visitors. */
  readonly people = new LiveStoreMap<string, LocalPeopleRead>((key) => {
    const [tab, limit] = key.split(':');
    return new LiveStore(query('localPeople', tab as PeopleTab, Number(limit)), NO_LOCAL_PEOPLE);
  });
  readonly caches = new LiveStoreMap<CacheKey, CacheEntry<unknown> | null>((key) => new LiveStore(query('cache', key), null));

  setDevice(device: Device | null): void {
    this.relations.setDevice(device);
    this.ownProfile.setDevice(device);
    this.person.setDevice(device);
    this.people.setDevice(device);
    this.caches.setDevice(device);
  }
}
