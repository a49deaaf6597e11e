import { describe, expect, it } from 'vitest';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { overlayTrip } from '../../sync/views/trips/trips.ts';

/** The own trip plan as the editor shows it: the server's plan with the queued trip.save laid over it. */

const cmd = (seq: number, payload: Record<string, unknown>, status: OutboxDoc['status'] = 'pending') =>
  ({ id: `c${seq}`, seq, payload, status }) as Pick<OutboxDoc, 'id' | 'seq' | 'payload' | 'status'>;

describe('overlayTrip', () => {
  it('applies queued changes field by field, in outbox order, and names the fields still waiting', () => {
    const doc = { trip: { hotel: 'Old hotel', transport_before: 'Bus', transport_after: '', image: '/api/events/trip-images/a.png' } };
    const view = overlayTrip(doc, [
      cmd(2, { event_id: 5, hotel: 'Hotel Ukraine' }),
      cmd(1, { event_id: 5, hotel: 'Hostel', transport_after: 'Train' }, 'applied'),
      cmd(3, { event_id: 5, transport_before: 'Car' }, 'rejected'),
    ]);
    expect(view.trip).toEqual({ hotel: 'Hotel Ukraine', transport_before: 'Bus', transport_after: 'Train', image: '/api/events/trip-images/a.png' });
    expect([...view.pending]).toEqual(['hotel']);
    expect(view.known).toBe(true);
  });

  it('starts from an empty plan when the device has no document yet', () => {
    expect(overlayTrip(null, [cmd(1, { event_id: 5, hotel: 'H' })])).toEqual({
      trip: { hotel: 'H', transport_before: '', transport_after: '', image: '' },
      pending: new Set(['hotel']),
      known: false,
    });
  });
});
