import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { importTicketPublicKey, validateScan } from '../../contract/checkin.ts';
import { defaultTicketDesign } from '../../contract/tickets.ts';
import { readPdf } from './tickets-badge-helpers.ts';
import { database, app, dataDir, appWith, auth, get, post, person, own, serveTicketsFiles } from './tickets-api-helpers.ts';

serveTicketsFiles();

async function ticketSetup(opts: { name?: string } = {}) {
  const holder = await person({ first_name: 'Ірина', last_name: 'Коваль' });
  const [owner, stranger] = await Promise.all([person(), person()]);
  const event = await createEvent(app.db, { is_free: false, name: opts.name ?? 'Kyiv Tech Summit' });
  const start = new Date('2031-03-14T07:30:00Z');
  await app.db
    .updateTable('events')
    .set({ starts_at: start, ends_at: new Date(start.getTime() + 9 * 3600_000), place_name: 'Арсенал', place_address: 'Лаврська 10' })
    .where('id', '=', event.id)
    .execute();
  await own(event.id, owner.id);
  const ticket = await createTicket(app.db, event.id, holder.id);
  await app.db.updateTable('tickets').set({ type: 'VIP', name: 'Ірина Коваль', price: 1500 }).where('id', '=', ticket.id).execute();
  return { holder, owner, stranger, eventId: event.id, ticket };
}

describe('ticket PDF', () => {
  it('is a real PDF with the event, holder, type, price and a QR code the door accepts', async () => {
    const x = await ticketSetup();
    await app.db
      .insertInto('ticket_designs')
      .values({
        event_id: x.eventId,
        settings: JSON.stringify({
          ...defaultTicketDesign(),
          instructions: { type: 'standart', image: '', cropImage: '', items: [{ id: 1, text: 'Вхід з 9:00', sort: 1 }] },
        }),
      })
      .execute();
    const res = await get(`/api/tickets/${x.ticket.id}/pdf?lang=uk`, x.holder.token);
    expect(res.http).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`ticket-${x.ticket.id}.pdf`);
    expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(new Uint8Array(res.raw));
    // The instruction leaves no room under the ticket for the name badge, which takes a second page.
    expect(pdf.pages).toBe(2);
    const all = pdf.text.join('\n').replace(/\u00a0/g, ' ');
    // The price as the screens write it (contract/money.ts), the currency once.
    expect(all).not.toContain('UAH');
    for (const piece of [
      'Kyiv Tech Summit',
      'Ірина Коваль',
      '14.03.2031 09:30–18:30 (Europe/Kyiv)',
      'Арсенал, Лаврська 10',
      'VIP',
      '1 500 ₴',
      x.ticket.code,
      'Вхід з 9:00',
    ]) {
      expect(all, piece).toContain(piece);
    }

    const doc = (await get(`/api/tickets/${x.ticket.id}`, x.holder.token)).body.data;
    expect(pdf.qr).toBe(doc.qr);
    // The badge of the default design prints the same code again (tickets-badge-pdf.test.ts has the rest).
    expect(pdf.qrs).toEqual([doc.qr, doc.qr]);
    const key = await importTicketPublicKey((await get(`/api/checkin/key?event_id=${x.eventId}`, x.owner.token)).body.data.public_key);
    const verdict = await validateScan({ raw: pdf.qr!, eventId: x.eventId, publicKey: key, lookup: () => undefined });
    expect(verdict).toMatchObject({ result: 'admitted', ticketId: x.ticket.id, unlisted: true });
  });

  it('is given to the holder and the event owners only', async () => {
    const x = await ticketSetup();
    expect((await get(`/api/tickets/${x.ticket.id}/pdf`, x.owner.token)).http).toBe(200);
    const refused = await get(`/api/tickets/${x.ticket.id}/pdf`, x.stranger.token);
    expect(refused.body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect(refused.raw.subarray(0, 4).toString()).not.toBe('%PDF');
    expect((await get(`/api/tickets/${x.ticket.id}`, x.stranger.token)).body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await get(`/api/tickets/${x.ticket.id}/pdf`)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get(`/api/tickets/999999/pdf`, x.holder.token)).body).toMatchObject({ status_code: 404, error: 'ticket_not_found' });
  });
});

// ---------------------------------------------------------------------------------------------
// Email

/** A message split into its headers and MIME parts, enough to find the PDF attachment. */
function parseMime(raw: string) {
  const split = (text: string) => {
    const at = text.indexOf('\r\n\r\n');
    const head = text.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
    const headers = new Map(head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { headers, body: text.slice(at + 4) };
  };
  const top = split(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(top.headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => split(p.replace(/^\r\n/, '')))
    : [];
  return { headers: top.headers, parts };
}

function pdfAttachment(raw: string): Buffer {
  const mail = parseMime(raw);
  const part = mail.parts.find((p) => p.headers.get('content-type')?.startsWith('application/pdf'));
  expect(part, 'a PDF part').toBeDefined();
  expect(part!.headers.get('content-transfer-encoding')).toBe('base64');
  expect(part!.headers.get('content-disposition')).toMatch(/^attachment; filename=ticket-\d+\.pdf/);
  return Buffer.from(part!.body.replace(/\s+/g, ''), 'base64');
}

function mailFiles(dir: string): string[] {
  const d = path.join(dir, 'mail');
  return fs.existsSync(d)
    ? fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
}

describe('send ticket to email', () => {
  it('writes an RFC 822 message with the PDF to DATA_DIR/mail, then locks the ticket for 60 s', async () => {
    const x = await ticketSetup({ name: 'Mail Summit' });
    const before = mailFiles(dataDir);
    const sent = await get(`/api/tickets/${x.ticket.id}/send-to-email?lang=en`, x.holder.token);
    expect(sent.body).toMatchObject({ status_code: 200, data: { result: true, sent_to: x.holder.email } });
    expect(sent.body.data.locked_until - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(58);
    const files = mailFiles(dataDir).filter((f) => !before.includes(f));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'latin1');
    const mail = parseMime(raw);
    expect(mail.headers.get('to')).toBe(x.holder.email);
    expect(mail.headers.get('subject')).toBe('Your ticket: Mail Summit');
    expect(mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    const text = mail.parts.find((p) => p.headers.get('content-type')?.startsWith('text/plain'));
    const words =
      text?.headers.get('content-transfer-encoding') === 'base64' ? Buffer.from(text.body.replace(/\s+/g, ''), 'base64').toString('utf8') : (text?.body ?? '');
    // The same price format as the PDF and the screens.
    expect(words.replace(/=\r?\n/g, '').replace(/=C2=A0|\u00a0/g, ' ')).toContain('price: UAH 1,500');
    const attachment = pdfAttachment(raw);
    expect(attachment.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = (await get(`/api/tickets/${x.ticket.id}`, x.holder.token)).body.data;
    expect((await readPdf(new Uint8Array(attachment))).qr).toBe(doc.qr);

    const locked = await post(`/api/tickets/${x.ticket.id}/send-to-email`, {}, x.holder.token);
    expect(locked.body).toMatchObject({ status_code: 429, error: 'ticket_email_locked' });
    expect(locked.body.data.retry_after).toBeGreaterThan(0);
    expect(locked.body.data.retry_after).toBeLessThanOrEqual(60);
    // The owner shares the same lock: it is the ticket's, kept in the database.
    expect((await get(`/api/tickets/${x.ticket.id}/send-to-email`, x.owner.token)).body.error).toBe('ticket_email_locked');
    expect(mailFiles(dataDir).filter((f) => !before.includes(f))).toHaveLength(1);

    await sql`UPDATE ticket_email_sends SET sent_at = now() - interval '61 seconds' WHERE ticket_id = ${x.ticket.id}`.execute(database.db);
    expect((await get(`/api/tickets/${x.ticket.id}/send-to-email`, x.holder.token)).body.status_code).toBe(200);
    expect(mailFiles(dataDir).filter((f) => !before.includes(f))).toHaveLength(2);
  });

  it('sends once when several requests race, and refuses strangers and cross-site links', async () => {
    const x = await ticketSetup();
    const answers = await Promise.all([0, 1, 2, 3].map(() => get(`/api/tickets/${x.ticket.id}/send-to-email`, x.holder.token)));
    expect(answers.map((a) => a.body.status_code).sort()).toEqual([200, 429, 429, 429]);
    const y = await ticketSetup();
    expect((await get(`/api/tickets/${y.ticket.id}/send-to-email`, y.stranger.token)).body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await get(`/api/tickets/${y.ticket.id}/send-to-email`, y.holder.token, { 'sec-fetch-site': 'cross-site' })).body).toMatchObject({
      status_code: 403,
      error: 'forbidden',
    });
    // Neither refusal took the lock.
    expect((await get(`/api/tickets/${y.ticket.id}/send-to-email`, y.holder.token)).body.status_code).toBe(200);
  });

  it('goes through SMTP when SMTP_URL is set, and gives the lock back when the relay fails', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const smtp = net.createServer((socket) => {
      let buffer = '';
      let inData = false;
      let current = { from: '', to: [] as string[], data: '' };
      const say = (line: string) => socket.write(`${line}\r\n`);
      say('220 foyer-test ESMTP');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        for (;;) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            current.data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
            buffer = buffer.slice(end + 5);
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            say('250 2.0.0 queued');
            continue;
          }
          const eol = buffer.indexOf('\r\n');
          if (eol < 0) return;
          const line = buffer.slice(0, eol);
          buffer = buffer.slice(eol + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO') socket.write('250-foyer-test\r\n250 8BITMIME\r\n');
          else if (verb === 'HELO') say('250 foyer-test');
          else if (verb === 'MAIL') {
            current.from = /<(.*)>/.exec(line)?.[1] ?? '';
            say('250 2.1.0 ok');
          } else if (verb === 'RCPT') {
            current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
            say('250 2.1.5 ok');
          } else if (verb === 'DATA') {
            inData = true;
            say('354 go ahead');
          } else if (verb === 'QUIT') {
            say('221 bye');
            socket.end();
          } else if (verb === 'RSET' || verb === 'NOOP') say('250 ok');
          else say('502 not implemented');
        }
      });
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.address() as net.AddressInfo).port;
    const smtpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-smtp-'));
    const viaSmtp = await appWith({ dataDir: smtpDir, smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const x = await ticketSetup({ name: 'SMTP Summit' });
      const sent = await viaSmtp.inject({ method: 'GET', url: `/api/tickets/${x.ticket.id}/send-to-email?lang=pl`, headers: auth(x.holder.token) });
      expect(sent.json()).toMatchObject({ status_code: 200, data: { sent_to: x.holder.email } });
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('tickets@foyer.invalid');
      expect(received[0]!.to).toEqual([x.holder.email]);
      const subject = parseMime(received[0]!.data).headers.get('subject')!;
      const q = /^=\?UTF-8\?Q\?(.*)\?=$/i.exec(subject)![1]!;
      const bytes = Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1'), 'latin1').toString('latin1');
      expect(decodeURIComponent(bytes)).toBe('Twój bilet: SMTP Summit');
      expect(pdfAttachment(received[0]!.data).subarray(0, 5).toString()).toBe('%PDF-');
      expect(mailFiles(smtpDir)).toEqual([]);

      // A relay that is not there: the request fails with the catalogue's unknown error and the lock is given back.
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      const y = await ticketSetup();
      const failed = await viaSmtp.inject({ method: 'GET', url: `/api/tickets/${y.ticket.id}/send-to-email`, headers: auth(y.holder.token) });
      expect(failed.json()).toMatchObject({ status_code: 500, error: 'unknown_error' });
      const lock = await sql`SELECT sent_at FROM ticket_email_sends WHERE ticket_id = ${y.ticket.id}`.execute(database.db);
      expect(lock.rows).toEqual([]);
    } finally {
      await viaSmtp.close();
      smtp.close();
      fs.rmSync(smtpDir, { recursive: true, force: true });
    }
  });
});
