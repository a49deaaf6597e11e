import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { createEvent } from '../fixtures/factories.ts';
import { devicesBehindProxy, waitForScope, type LocalDevice } from '../fixtures/local-device.ts';
import { signInNewUser } from '../fixtures/sign-in.ts';
import { command, makeStaff } from './chat-helpers.ts';
import { enqueue } from '../../sync/engine/outbox.ts';
import type { SessionUser } from '../../sync/engine/session.ts';
import { observeChatSource, overlayComments } from '../../sync/views/chat/chat.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * The event chat on a device against a real server: the comments scope starts for a reader, a
 * comment written offline is shown pending, sent once after reconnecting and then shown once; a
 * comment queued before its author was blocked is refused with chat_blocked and stays visible as
 * rejected. One device per test, opening only the collections the chat needs (the realm's 13).
 */

const { server, proxy, devices } = devicesBehindProxy();

const signIn = () => signInNewUser(server.app.db, proxy.url);

/** A free event the user is checked in to (a chat reader), and the device replicating its chat. */
async function readerDevice() {
  const event = await createEvent(server.app.db, { is_free: true });
  const auth = await signIn();
  expect((await command(server.app, auth.token, 'event.checkin', { event_id: event.id })).status).toBe('applied');
  const device = await devices.openDevice({ name: 'foyer-chat', baseUrl: proxy.url, auth, collections: ['events', 'my_events', 'comments'] });
  await waitForScope(device.db, `comments@${event.id}`);
  return { event, auth, device };
}

const chatView = async (d: LocalDevice, eventId: number, me: SessionUser) => {
  const { window, commands } = await firstValueFrom(observeChatSource(d.db, eventId));
  return overlayComments(eventId, window, [], commands, { user_id: me.id, first_name: me.first_name, last_name: me.last_name, avatar: '' });
};

describe('event chat on the device', () => {
  it('shows a comment written offline at once as pending, and once after reconnecting', async () => {
    const { event, auth, device } = await readerDevice();
    proxy.setOnline(false);
    const entry = await enqueue(device.db, 'comment.add', { event_id: event.id, comment: '  written offline  ' });
    const pending = await chatView(device, event.id, auth.user);
    expect(pending.map((i) => [i.key, i.state])).toEqual([[entry.id, 'pending']]);

    proxy.setOnline(true);
    device.engine.retry();
    await waitFor('the comment to come back', async () => (await device.db.comments.find({ selector: { client_id: entry.id } }).exec()).length === 1);
    await waitFor('the outbox entry to settle', async () => (await device.db.outbox.findOne(entry.id).exec()) === null);

    const view = await chatView(device, event.id, auth.user);
    expect(view).toHaveLength(1);
    expect(view[0]).toMatchObject({ state: 'sent', comment: 'written offline', user_id: auth.user.id });
    // Sent once: the server holds exactly one comment of this event.
    const rows = await server.app.db.selectFrom('chat_comments').select('id').where('event_id', '=', event.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a comment queued before its author was blocked, and keeps it visible as rejected', async () => {
    const { event, auth, device } = await readerDevice();
    const owner = await signIn();
    await makeStaff(server.app.db, event.id, owner.user.id, 'owner');

    proxy.setOnline(false);
    const entry = await enqueue(device.db, 'comment.add', { event_id: event.id, comment: 'queued before the block' });
    const block = await command(server.app, owner.token, 'chat.block', { event_id: event.id, user_id: auth.user.id, reason: 'spam' });
    expect(block.status).toBe('applied');

    proxy.setOnline(true);
    device.engine.retry();
    const rejected = await waitFor('the rejection', async () => {
      const doc = await device.db.outbox.findOne(entry.id).exec();
      return doc?.status === 'rejected' ? doc : null;
    });
    expect(rejected.code).toBe('chat_blocked');
    const view = await chatView(device, event.id, auth.user);
    expect(view).toEqual([expect.objectContaining({ key: entry.id, state: 'rejected', code: 'chat_blocked', comment: 'queued before the block' })]);
    const rows = await server.app.db.selectFrom('chat_comments').select('id').where('event_id', '=', event.id).execute();
    expect(rows).toHaveLength(0);
  });
});
