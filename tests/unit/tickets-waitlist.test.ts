import { describe, expect, it } from 'vitest';
import { NO_ORDER } from '../../contract/orders.ts';
import type { TicketDoc } from '../../contract/tickets.ts';
import type { WaitlistPart } from '../../contract/waitlist.ts';
import type { QueuedCommand } from '../../sync/store/overlay.ts';
import { buildNotifications, EMPTY_SOURCES } from '../../sync/views/notifications/notifications.ts';
import { openOffer, organiserWaitlistQueue, placesOfEvent, waitlistPlaces } from '../../sync/views/tickets/waitlist.ts';

/** The person's places in waitlists on the device: the server's documents with the queued commands over them. */

const EVENT = { name: 'Harbour Summit', poster_small: '', when: 0, when_end: 0, timezone: 'Europe/Kyiv', place: { public: true, name: '', address: '' } };
const USER = { first_name: '', last_name: '', full_name: '', profile_link: '', company: { name: '', position: '', visitor_category: '' } };

function doc(eventId: number, w: Partial<WaitlistPart> & { entry_id: number; type_id: number }): TicketDoc {
  return {
    id: `waitlist-${w.entry_id}`,
    kind: 'waitlist',
    ticket_id: 0,
    event_id: eventId,
    code: '',
    qr: '',
    type: 'Standard',
    name: '',
    company: '',
    position: '',
    price: 100,
    currency: 'UAH',
    description: '',
    place: '',
    status: w.state ?? 'waiting',
    invalid: false,
    visitor_category: '',
    created_at: 0,
    when: 0,
    when_end: 0,
    download_link: '',
    send_email_link: '',
    event: EVENT,
    user: USER,
    order: NO_ORDER,
    waitlist: { state: 'waiting', place: 1, offer_key: '', offer_expires: 0, offered_at: 0, ...w },
    paid_cancel: '',
    rev: w.entry_id,
  };
}

let seq = 0;
function cmd(kind: string, payload: Record<string, unknown>, status: QueuedCommand['status'] = 'pending', code?: string) {
  seq += 1;
  return { id: `c${seq}`, kind, payload, seq, status, ...(code ? { code } : {}) };
}

describe('places in waitlists on the device', () => {
  it('show the newest entry of each line from the server', () => {
    const places = waitlistPlaces([doc(7, { entry_id: 1, type_id: 3, state: 'left', place: 0 }), doc(7, { entry_id: 5, type_id: 3, place: 4 })], []);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ eventId: 7, typeId: 3, state: 'waiting', place: 4, pending: false, typeName: 'Standard' });
  });

  it('show a join queued offline at once as waiting, its place not known yet, and a leave as left', () => {
    const joined = waitlistPlaces([], [cmd('waitlist.join', { event_id: 7, type_id: 3 })]);
    expect(joined[0]).toMatchObject({ state: 'waiting', place: 0, pending: true, event: null });
    const left = waitlistPlaces([doc(7, { entry_id: 2, type_id: 3, place: 2 })], [cmd('waitlist.leave', { event_id: 7, type_id: 3 })]);
    expect(left[0]).toMatchObject({ state: 'left', pending: true });
    // A join applied by the server does not hide an offer the server made since.
    const offered = waitlistPlaces(
      [doc(7, { entry_id: 2, type_id: 3, state: 'offered', place: 0, offer_key: 'k', offer_expires: 2_000_000_000 })],
      [cmd('waitlist.join', { event_id: 7, type_id: 3 }, 'applied')],
    );
    expect(offered[0]).toMatchObject({ state: 'offered', offerKey: 'k', pending: false });
  });

  it('keep a refused join with its reason, and leave the organiser commands out', () => {
    const places = waitlistPlaces(
      [],
      [cmd('waitlist.join', { event_id: 7, type_id: 3 }, 'rejected', 'waitlist_not_sold_out'), cmd('waitlist.offer', { event_id: 7, entry_id: 9 })],
    );
    expect(places).toHaveLength(1);
    expect(places[0]?.refused).toMatchObject({ code: 'waitlist_not_sold_out' });
    expect(placesOfEvent(places, 7).get(3)?.state).toBe('left');
  });

  it('call an offer open only while its time is not up on this device', () => {
    const [p] = waitlistPlaces([doc(7, { entry_id: 2, type_id: 3, state: 'offered', place: 0, offer_key: 'k', offer_expires: 1000 })], []);
    expect(openOffer(p, 999_000)).toBe(true);
    expect(openOffer(p, 1_000_000)).toBe(false);
    expect(openOffer(undefined, 0)).toBe(false);
  });

  it('tell the organiser which entries wait for their commands', () => {
    const q = organiserWaitlistQueue(
      [
        cmd('waitlist.offer', { event_id: 7, entry_id: 9 }),
        cmd('waitlist.remove', { event_id: 7, entry_id: 10 }, 'applied'),
        cmd('waitlist.remove', { event_id: 8, entry_id: 11 }),
        cmd('waitlist.settings', { event_id: 7, offer_hours: 0 }, 'rejected', 'waitlist_offer_hours'),
        cmd('waitlist.join', { event_id: 7, type_id: 3 }),
      ],
      7,
    );
    expect([...q.entryIds]).toEqual([9]);
    expect(q.count).toBe(1);
    expect(q.refused.map((c) => c.code)).toEqual(['waitlist_offer_hours']);
  });

  it('raise a notice for an offer, unread with Buy now while the place is held, read once it is over', () => {
    const offered = doc(7, { entry_id: 2, type_id: 3, state: 'offered', place: 0, offer_key: 'k', offer_expires: 5000, offered_at: 1000 });
    const [open] = buildNotifications({ ...EMPTY_SOURCES, viewerId: 1, waitlist: [offered] }, 2000);
    expect(open).toMatchObject({
      kind: 'waitlistOffer',
      read: false,
      at: 1000,
      eventName: 'Harbour Summit',
      text: 'Standard',
      link: '/events/7/checkout?offer=k',
    });
    const [late] = buildNotifications({ ...EMPTY_SOURCES, viewerId: 1, waitlist: [offered] }, 6000);
    expect(late).toMatchObject({ read: true, link: '' });
    const bought = doc(7, { entry_id: 2, type_id: 3, state: 'bought', place: 0, offered_at: 1000 });
    expect(buildNotifications({ ...EMPTY_SOURCES, viewerId: 1, waitlist: [bought, doc(7, { entry_id: 3, type_id: 4 })] }, 2000)).toEqual([
      expect.objectContaining({ read: true, link: '' }),
    ]);
  });
});
