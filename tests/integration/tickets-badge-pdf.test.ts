import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTicketDesign, type TicketDesignSettings } from '../../contract/tickets.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { login } from '../fixtures/server.ts';
import { readPdf, type ReadPdf } from './tickets-badge-helpers.ts';

/**
 * The name badge in the ticket PDF follows the event's saved design: the ticked fields only, the
 * badge's own lines, the holder's role band, and the QR code only when ticked (server/domain/tickets/
 * badge-pdf.ts). The PDF is read back as text and its QR codes decoded from the drawing.
 */

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-badge-'));
  app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir, SEED: 'none' }), distDir: '/nonexistent' }, database });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface Setup {
  ownerToken: string;
  holderToken: string;
  holderId: number;
  eventId: number;
  ticketId: number;
}

async function setup(holder: { first_name: string; last_name: string } = { first_name: 'Ірина', last_name: 'Коваль' }, type = 'Преса'): Promise<Setup> {
  const h = await createUser(app.db, holder);
  const o = await createUser(app.db);
  const event = await createEvent(app.db, { is_free: false, name: 'Badge Summit' });
  await app.db.insertInto('user_events').values({ event_id: event.id, user_id: o.id, is_owner: true, role: 'organizer' }).execute();
  const t = await createTicket(app.db, event.id, h.id);
  await app.db.updateTable('tickets').set({ type, company: 'Арсенал Лабс', position: 'Головна інженерка' }).where('id', '=', t.id).execute();
  return { ownerToken: (await login(app, o.email)).token, holderToken: (await login(app, h.email)).token, holderId: h.id, eventId: event.id, ticketId: t.id };
}

async function saveDesign(x: Setup, edit: (d: TicketDesignSettings) => TicketDesignSettings) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/events/ticket-design',
    headers: auth(x.ownerToken),
    payload: { event_id: x.eventId, settings: edit(defaultTicketDesign()) },
  });
  expect(res.json()).toMatchObject({ status_code: 200 });
}

async function pdfOf(x: Setup): Promise<ReadPdf & { badge: string[]; ticket: string[]; qrPayload: string }> {
  const res = await app.inject({ method: 'GET', url: `/api/tickets/${x.ticketId}/pdf?lang=en`, headers: auth(x.holderToken) });
  expect(res.statusCode).toBe(200);
  const pdf = await readPdf(new Uint8Array(res.rawPayload));
  // The badge is drawn after everything on the ticket and before the footer ("Ticket #…").
  const at = pdf.text.findIndex((line) => line.includes('Badge · cut along the dashed line'));
  expect(at, 'the badge caption').toBeGreaterThan(0);
  const footer = pdf.text.findLastIndex((line) => line.startsWith(`Ticket #${x.ticketId}`));
  expect(footer).toBeGreaterThan(at);
  const doc = (await app.inject({ method: 'GET', url: `/api/tickets/${x.ticketId}`, headers: auth(x.holderToken) })).json().data;
  return { ...pdf, ticket: pdf.text.slice(0, at), badge: pdf.text.slice(at + 1, footer), qrPayload: doc.qr };
}

describe('the name badge in the ticket PDF', () => {
  it('prints the ticked fields, the badge lines and the role band of a saved design, without a QR code when unticked', async () => {
    const x = await setup();
    await saveDesign(x, (d) => ({
      ...d,
      roles: [...d.roles, { name: 'преса', color: '#a00', canDelete: true, is_default: false, enabled: true }],
      badge: { ...d.badge, checked: ['first_name', 'last_name', 'company', 'legacy_field'], items: ['Зала B', 'Wi-Fi: foyer-guest'] },
    }));
    const pdf = await pdfOf(x);
    expect(pdf.badge).toEqual(['Ірина', 'Коваль', 'Арсенал Лабс', 'Зала B', 'Wi-Fi: foyer-guest', 'ПРЕСА']);
    // The position is still on the ticket itself, only not on the badge.
    expect(pdf.ticket.join('\n')).toContain('Головна інженерка');
    // The ticket's own QR code stays; the badge has none.
    expect(pdf.qrs).toEqual([pdf.qrPayload]);
  });

  it('prints the same signed QR code on the badge when ticked', async () => {
    const x = await setup();
    // More lines than fit above the code: they go beside it, and the code still reads.
    const lines = Array.from({ length: 14 }, (_, i) => `Рядок ${i + 1}`);
    await saveDesign(x, (d) => ({ ...d, badge: { ...d.badge, checked: ['last_name', 'qr'], items: lines } }));
    const pdf = await pdfOf(x);
    expect(pdf.qrs).toEqual([pdf.qrPayload, pdf.qrPayload]);
    // No role is named like the ticket type, so the default role gives the band.
    expect(pdf.badge).toEqual(['Коваль', ...lines, 'VISITOR']);
  });

  it('uses the default design when none is saved, and the holder participant role for the band', async () => {
    const x = await setup({ first_name: 'Anna', last_name: 'Nowak' }, 'standard');
    await app.db.insertInto('user_events').values({ event_id: x.eventId, user_id: x.holderId, role: 'speaker' }).execute();
    const pdf = await pdfOf(x);
    expect(pdf.badge).toEqual(['Anna', 'Nowak', 'Арсенал Лабс', 'Головна інженерка', 'SPEAKER']);
    // A ticket without long text leaves room for the badge on its own page.
    expect(pdf.pages).toBe(1);
    expect(pdf.qrs).toEqual([pdf.qrPayload, pdf.qrPayload]);
  });

  it('leaves the band out when no fitting role is enabled, and keeps long names on the card', async () => {
    const long = 'Олександра-Катерина-Маргарита-Анастасія-Вікторія';
    const x = await setup({ first_name: long, last_name: 'Коваль' });
    await saveDesign(x, (d) => ({ ...d, roles: d.roles.map((r) => ({ ...r, enabled: false })), badge: { ...d.badge, checked: ['first_name', 'last_name'] } }));
    const pdf = await pdfOf(x);
    expect(pdf.badge).toHaveLength(2);
    expect(pdf.badge[0]).toMatch(/^Олександра.*…$/);
    expect(pdf.badge[0]!.length).toBeLessThan(long.length);
    expect(pdf.badge[1]).toBe('Коваль');
  });
});
