import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { EventFields } from '../../contract/admin.ts';
import { blankTicketType, type SalesSettingsFields, type TicketTypeFields } from '../../contract/sales.ts';
import type { CheckoutLine } from '../../contract/orders.ts';
import type { EventDoc, MyEventDoc } from '../../contract/entities.ts';
import type { DoorTicketDoc, TicketDoc } from '../../contract/tickets.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { createUser } from '../fixtures/factories.ts';
import { eventFields } from '../fixtures/event-fields.ts';
import type { listEventOrders } from '../../server/domain/orders/organiser.ts';
import type { orderView } from '../../server/domain/orders/service.ts';
import { login } from '../fixtures/server.ts';

/** What the ticket-sales tests share: people, commands, an organiser's event with types, and buying. */

/** An order as the checkout and the organisers' order calls answer it: the server's own view. */
export type OrderView = Awaited<ReturnType<typeof orderView>>;
/** The organisers' order list. */
export type OrderList = Awaited<ReturnType<typeof listEventOrders>> & { card_available: boolean };

/** The document type of each replicated collection these tests pull, by the collection's name. */
interface Docs {
  events: EventDoc;
  my_events: MyEventDoc;
  tickets: TicketDoc;
  door_tickets: DoorTicketDoc;
}
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 86_400;

export interface Person {
  id: number;
  email: string;
  token: string;
}

export function salesKit(app: () => FastifyInstance) {
  async function person(): Promise<Person> {
    const u = await createUser(app().db);
    const { token } = await login(app(), u.email);
    return { id: u.id, email: u.email, token };
  }

  async function send(who: Person, kind: string, payload: unknown) {
    const res = await app().inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: auth(who.token),
      payload: { commands: [{ id: `cmd-${randomUUID()}`, kind, payload, occurredAt: new Date().toISOString() }] },
    });
    expect(res.statusCode).toBe(200);
    return res.json().results[0] as { status: string; code?: string; ids?: string[] };
  }

  // Kyiv and eight hours, as these tests always had it.
  const salesEventFields = (over: Partial<EventFields> = {}) => {
    const start = Math.floor(Date.now() / 1000) + 10 * DAY;
    return eventFields({ city: 'Kyiv', starts_at: start, ends_at: start + 8 * 3600, ...over });
  };

  /** A published event the person organises. */
  async function newEvent(owner: Person, over: Partial<EventFields> = {}): Promise<number> {
    const r = await send(owner, 'event.create', { fields: salesEventFields(over) });
    expect(r.status).toBe('applied');
    const id = Number(r.ids![0]);
    expect((await send(owner, 'event.status', { event_id: id, status: 'published' })).status).toBe('applied');
    return id;
  }

  const settings = (over: Partial<SalesSettingsFields> = {}): SalesSettingsFields => ({
    currency: 'UAH',
    transfer_enabled: true,
    transfer_instructions: 'IBAN UA00 0000 0000, reference: your order code',
    transfer_hours: 48,
    card_enabled: false,
    ...over,
  });

  async function setSettings(owner: Person, eventId: number, over: Partial<SalesSettingsFields> = {}) {
    const r = await send(owner, 'ticket_sales.settings', { event_id: eventId, fields: settings(over) });
    expect(r).toMatchObject({ status: 'applied' });
  }

  const typeFields = (over: Partial<TicketTypeFields> = {}): TicketTypeFields => ({ ...blankTicketType(), name: 'Standard', ...over });

  /** Adds a type and answers its id, read back from the organiser's copy of the event. */
  async function addType(owner: Person, eventId: number, over: Partial<TicketTypeFields> = {}): Promise<number> {
    const name = over.name ?? `Type ${randomUUID().slice(0, 6)}`;
    const r = await send(owner, 'ticket_type.save', { event_id: eventId, fields: typeFields({ ...over, name }) });
    expect(r).toMatchObject({ status: 'applied' });
    const doc = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
    return doc.admin.sales.types.find((t) => t.name === name)!.id;
  }

  async function pull<N extends keyof Docs>(who: Person | null, collection: N, scope = ''): Promise<Docs[N][]> {
    const res = await app().inject({
      method: 'GET',
      url: `/sync/v1/${collection}/pull?checkpoint=0&limit=1000${scope}`,
      headers: who ? auth(who.token) : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json().documents;
  }

  const line = (typeId: number, name = 'Olha Kravets', over: Partial<CheckoutLine> = {}): CheckoutLine => ({
    type_id: typeId,
    name,
    company: '',
    position: '',
    ...over,
  });

  /** POST /api/checkout/orders; answers the envelope. */
  async function buy(
    who: Person,
    body: {
      event_id: number;
      lines: CheckoutLine[];
      method?: string;
      expected_total: number;
      client_key?: string;
      promo_code?: string;
      access?: string;
      offer?: string;
      lang?: string;
    },
  ) {
    const res = await app().inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: auth(who.token),
      payload: { method: 'free', client_key: `ck-${randomUUID()}`, ...body },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Envelope<{ order: OrderView; redirect_url: string }>;
  }

  /** An organiser's order call: the list (`T` = OrderList) or an action on one order. */
  async function organiser<T = OrderView>(owner: Person, method: 'GET' | 'POST', url: string, payload?: unknown) {
    const res = await app().inject({ method, url, headers: auth(owner.token), ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(200);
    return res.json() as Envelope<T>;
  }

  /** An owner's event with a free type of 10, and a buyer holding one ticket of it, for Iryna Koval. */
  async function holding() {
    const owner = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId);
    const typeId = await addType(owner, eventId, { name: 'Standard', price: 0, quota: 10 });
    const holder = await person();
    expect((await buy(holder, { event_id: eventId, lines: [line(typeId, 'Iryna Koval')], expected_total: 0 })).status_code).toBe(200);
    const ticket = (await pull(holder, 'tickets')).find((d) => d.kind === 'ticket' && d.event_id === eventId)!;
    return { owner, eventId, typeId, holder, ticket };
  }

  return { person, send, eventFields: salesEventFields, newEvent, setSettings, addType, typeFields, pull, line, buy, organiser, holding };
}
