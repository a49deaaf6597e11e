import { NO_TRIP } from '../../../contract/trips.ts';
import { observeOwnTrip, type OwnTripView } from '../../../sync/views/trips/trips.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/** The user's own trip plans, one live read per event (sync/views/trips). */
export class TripStores {
  readonly byEvent = new LiveStoreMap<number, OwnTripView>(
    (eventId) => new LiveStore((db) => observeOwnTrip(db, eventId), { trip: NO_TRIP, pending: new Set(), known: false }),
  );
}
