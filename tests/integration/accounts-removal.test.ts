import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ActorGone, applyCommand } from '../../server/domain/sync/commands.ts';
import { bearer, login, ownDataDir } from '../fixtures/server.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { command, commandId, form, pngImage } from './chat-helpers.ts';
import { salesKit, type OrderList, type Person } from './sales-helpers.ts';

/**
 * "Delete my account" leaves nothing that names the person (issue 26, finding 8): orders are
 * neither found by the old address or names nor show them, pending orders give their tickets back,
 * every picture the person uploaded is gone from the server, and the export before it holds all of
 * it, orders and tickets included.
 */

const dataDir = ownDataDir('accounts-removal');
const s = serverPerFile({ dataDir });
const kit = salesKit(() => s.app);
const { person, newEvent, setSettings, addType, line, buy, organiser } = kit;

const PASSWORD = 'secret-pass-1';

async function deleteAccount(who: Person) {
  const res = await s.app.inject({ method: 'POST', url: '/api/account/delete', payload: { password: PASSWORD }, headers: bearer(who.token) });
  expect(res.json()).toMatchObject({ status_code: 200, data: { result: true } });
}

async function uploadAvatar(who: Person): Promise<string> {
  const f = await form({}, { data: await pngImage(64, 64), type: 'image/png' });
  const res = await s.app.inject({ method: 'POST', url: '/api/account/avatar', payload: f.payload, headers: { ...f.headers, ...bearer(who.token) } });
  return res.json().data.avatar as string;
}

async function chatPicture(who: Person, eventId: number): Promise<string> {
  const f = await form({ event_id: String(eventId) }, { data: await pngImage(20, 20), type: 'image/png' });
  const res = await s.app.inject({ method: 'POST', url: '/api/events/upload-chat-image', payload: f.payload, headers: { ...f.headers, ...bearer(who.token) } });
  const name = res.json().data.image as string;
  expect((await command(s.app, who.token, 'comment.add', { event_id: eventId, comment: 'from the stand', image: name })).status).toBe('applied');
  return name;
}

/** A transfer sale with a quota of 3; the buyer holds one paid and one pending ticket, both named. */
async function buyerWithOrders() {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId);
  const typeId = await addType(owner, eventId, { name: 'Day pass', price: 500, quota: 3, ask_company: 'optional' });
  const buyer = await person();
  await s.app.db.updateTable('users').set({ first_name: 'Solomiia', last_name: 'Tkachuk' }).where('id', '=', buyer.id).execute();
  const paid = (
    await buy(buyer, { event_id: eventId, lines: [line(typeId, 'Solomiia Tkachuk', { company: 'Tkachuk Print' })], expected_total: 500, method: 'transfer' })
  ).data.order;
  expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${paid.code}/mark-paid`, {})).data.state).toBe('paid');
  const pending = (await buy(buyer, { event_id: eventId, lines: [line(typeId, 'Ostap Tkachuk')], expected_total: 500, method: 'transfer' })).data.order;
  expect(pending.state).toBe('pending');
  return { owner, eventId, typeId, buyer, paid, pending };
}

const left = async (eventId: number) => (await s.app.inject({ url: `/api/events/${eventId}/ticket-types` })).json().data.types[0].left as number;
const search = async (owner: Person, eventId: number, q: string) =>
  (await organiser<OrderList>(owner, 'GET', `/api/events/${eventId}/orders?q=${encodeURIComponent(q)}`)).data;

describe('deleting an account', () => {
  it('leaves orders that organisers can neither find by the person nor read the person in, and frees pending tickets', async () => {
    const { owner, eventId, buyer, paid, pending } = await buyerWithOrders();
    expect(await left(eventId)).toBe(1);
    expect(await Promise.all([buyer.email, 'Tkachuk', 'Ostap'].map(async (q) => (await search(owner, eventId, q)).total))).toEqual([2, 2, 1]);

    await deleteAccount(buyer);

    for (const q of [buyer.email, buyer.email.split('@')[0]!, 'Solomiia', 'Tkachuk', 'Ostap', 'Print']) expect((await search(owner, eventId, q)).total).toBe(0);
    const all = await search(owner, eventId, '');
    // The paid order stays for the organiser's accounts: code, amount, state, dates; nobody's name.
    const kept = all.items.find((o) => o.code === paid.code)!;
    expect(kept).toMatchObject({ state: 'paid', total: 500, currency: 'UAH', email: '', buyer: '' });
    expect(kept.paid_at).toBeGreaterThan(0);
    expect(kept.lines).toEqual([expect.objectContaining({ name: '', company: '', position: '', price: 500 })]);
    expect(JSON.stringify(all)).not.toMatch(/Tkachuk|Solomiia|Ostap/);
    // The pending order is cancelled and its ticket is on sale again.
    expect(all.items.find((o) => o.code === pending.code)).toMatchObject({ state: 'cancelled' });
    expect(await left(eventId)).toBe(2);
    const ticket = await s.app.db.selectFrom('tickets').select(['name', 'company', 'status']).where('order_id', '=', kept.id).executeTakeFirstOrThrow();
    expect(ticket).toEqual({ name: '', company: '', status: 'valid' });
  });

  it('deletes the avatar and the chat pictures the person uploaded; their addresses answer 404', async () => {
    const ev = await createEvent(s.app.db);
    const who = await person();
    await createTicket(s.app.db, ev.id, who.id);
    const reader = await person();
    await createTicket(s.app.db, ev.id, reader.id);
    const avatar = await uploadAvatar(who);
    const picture = await chatPicture(who, ev.id);
    expect((await s.app.inject({ url: avatar })).statusCode).toBe(200);
    expect((await s.app.inject({ url: `/files/uploads/chat/${picture}`, headers: bearer(reader.token) })).statusCode).toBe(200);

    await deleteAccount(who);

    expect((await s.app.inject({ url: avatar })).statusCode).toBe(404);
    expect((await s.app.inject({ url: `/files/uploads/chat/${picture}`, headers: bearer(reader.token) })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'avatars', path.basename(avatar)))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'chat', picture))).toBe(false);
    // The comment stays for its readers, without the picture and without a name.
    const comment = await s.app.db.selectFrom('chat_comments').select(['comment', 'image']).where('user_id', '=', who.id).executeTakeFirstOrThrow();
    expect(comment).toEqual({ comment: 'from the stand', image: '' });
  });

  it('applies nothing more of a batch that was on its way when the account was deleted', async () => {
    const ev = await createEvent(s.app.db);
    const who = await person();
    await createTicket(s.app.db, ev.id, who.id);
    await deleteAccount(who);
    // The batch's session was looked up before the deletion; its commands come after it.
    const late = (kind: string, payload: object) => ({ id: commandId(), kind, payload, occurredAt: new Date().toISOString() });
    for (const cmd of [late('comment.add', { event_id: ev.id, comment: 'written after leaving' }), late('profile.update', { first_name: 'Back' })]) {
      await expect(applyCommand(s.app.writer, who.id, cmd)).rejects.toBeInstanceOf(ActorGone);
    }
    expect(await s.app.db.selectFrom('chat_comments').select('id').where('user_id', '=', who.id).execute()).toEqual([]);
    expect(await s.app.db.selectFrom('users').select('first_name').where('id', '=', who.id).executeTakeFirstOrThrow()).toEqual({ first_name: '' });
    expect(await s.app.db.selectFrom('commands').select('id').where('user_id', '=', who.id).execute()).toEqual([]);
  });
});

describe('the export before it', () => {
  it('holds the orders with their lines and the tickets, besides the rest of what is stored', async () => {
    const { buyer, paid, pending } = await buyerWithOrders();
    const res = await s.app.inject({ url: '/api/account/export', headers: bearer(buyer.token) });
    const data = (res.json() as Envelope<Record<string, unknown[]> & { account: { email: string } }>).data;
    expect(data.account.email).toBe(buyer.email);
    expect(data.orders).toEqual([
      expect.objectContaining({
        code: paid.code,
        state: 'paid',
        total: 500,
        email: buyer.email,
        lines: [expect.objectContaining({ name: 'Solomiia Tkachuk', company: 'Tkachuk Print' })],
      }),
      expect.objectContaining({ code: pending.code, state: 'pending', lines: [expect.objectContaining({ name: 'Ostap Tkachuk' })] }),
    ]);
    expect(data.tickets).toEqual([expect.objectContaining({ name: 'Solomiia Tkachuk', status: 'valid', order_id: expect.any(Number) })]);
    for (const key of ['starred_speeches', 'notifications', 'referrals', 'invitations', 'stands', 'chat_pictures', 'devices']) expect(data).toHaveProperty(key);
    expect(JSON.stringify(data)).not.toContain('password_hash');
    const { token } = await login(s.app, buyer.email, PASSWORD);
    expect(JSON.stringify(data)).not.toContain(token);
  });
});
