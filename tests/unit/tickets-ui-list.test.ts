import { NO_WAITLIST } from '../../contract/waitlist.ts';
import { describe, expect, it } from 'vitest';
import type { TicketDoc } from '../../contract/tickets.ts';
import { NO_ORDER } from '../../contract/orders.ts';
import { queryTickets, ticketCounts } from '../../sync/views/tickets/tickets.ts';

/** My tickets' tabs (events.md §2): all, future and past with counts, upcoming soonest first. */

const NOW = Date.parse('2026-05-12T10:00:00Z');
const S = NOW / 1000;

function ticket(id: number, when: number, whenEnd: number): TicketDoc {
  return {
    id: String(id),
    kind: 'ticket',
    ticket_id: id,
    event_id: 1,
    code: `FY-${id}`,
    qr: '',
    type: '',
    name: '',
    company: '',
    position: '',
    price: 0,
    currency: 'UAH',
    description: '',
    place: '',
    status: 'valid',
    invalid: false,
    visitor_category: '',
    created_at: 0,
    when,
    when_end: whenEnd,
    download_link: '',
    send_email_link: '',
    event: { name: '', poster_small: '', when, when_end: whenEnd, timezone: 'Europe/Kyiv', place: { public: true, name: '', address: '' } },
    user: { first_name: '', last_name: '', full_name: '', profile_link: '', company: { name: '', position: '', visitor_category: '' } },
    order: NO_ORDER,
    waitlist: NO_WAITLIST,
    paid_cancel: '',
    rev: 1,
  };
}

const list = [
  ticket(1, S - 10 * 86400, S - 9 * 86400), // past, older
  ticket(2, S + 5 * 86400, S + 6 * 86400), // future, later
  ticket(3, S - 3600, S + 3600), // running: still upcoming until it ends
  ticket(4, S - 2 * 86400, S - 86400), // past, recent
  ticket(5, S + 86400, S + 2 * 86400), // future, sooner
];

describe('my tickets', () => {
  it('counts every tab; a running event is not past yet', () => {
    expect(ticketCounts(list, NOW)).toEqual({ all: 5, future: 3, past: 2 });
  });

  it('orders upcoming soonest first, then past most recent first', () => {
    expect(queryTickets(list, 'all', NOW, 10).items.map((t) => t.ticket_id)).toEqual([3, 5, 2, 4, 1]);
    expect(queryTickets(list, 'future', NOW, 10).items.map((t) => t.ticket_id)).toEqual([3, 5, 2]);
    expect(queryTickets(list, 'past', NOW, 10).items.map((t) => t.ticket_id)).toEqual([4, 1]);
  });

  it('pages by the limit and says how many the tab holds', () => {
    expect(queryTickets(list, 'all', NOW, 2)).toMatchObject({ total: 5 });
    expect(queryTickets(list, 'all', NOW, 2).items.map((t) => t.ticket_id)).toEqual([3, 5]);
    expect(queryTickets(list, 'all', NOW + 10 * 86400 * 1000, 10).items.map((t) => t.ticket_id)).toEqual([2, 5, 3, 4, 1]);
  });
});
