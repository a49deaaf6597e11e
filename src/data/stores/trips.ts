import { NO_TRIP } from '../../../contract/trips.ts';
import type { OwnTripView } from '../../../sync/views/trips/trips.ts';
import { query } from '../device.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/** The user's own trip plans, one live read per event (sync/views/trips). */
export class TripStores {
  readonly byEvent = new LiveStoreMap<number, OwnTripView>(
    (eventId) => new LiveStore(query('ownTrip', eventId), { trip: NO_TRIP, pending: new Set(), known: false }),
  );
}
