import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { devicesBehindProxy } from '../fixtures/local-device.ts';
import { signInNewUser } from '../fixtures/sign-in.ts';
import { approvedMeeting } from './chat-helpers.ts';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { dismiss, enqueue } from '../../sync/engine/outbox.ts';
import { dialogMessages, observeDialogMessages, observeMessaging, overlayDialogs, pageOfDialogs } from '../../sync/views/messages/messages.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * Private messages through the real write and read paths: outbox → POST /sync/v1/commands →
 * dialogs and messages feeds → RxDB on fake-indexeddb, behind a proxy that takes the network away.
 * One device per test: the realm's 13 collections are shared by every open database.
 */

const { server, proxy, devices } = devicesBehindProxy();

/** A new user's device, signed in. */
async function device(): Promise<{ db: FoyerDatabase; userId: number }> {
  const auth = await signInNewUser(server.app.db, proxy.url);
  const { db } = await devices.openDevice({ name: 'foyer-msg', baseUrl: proxy.url, auth, collections: ['dialogs', 'messages', 'appointments'] });
  return { db, userId: auth.user.id };
}

/** What the open dialog shows, computed the way the screen computes it. */
async function shown(db: FoyerDatabase, peerId: number, viewerId: number) {
  const [state, docs] = await Promise.all([firstValueFrom(observeMessaging(db)), firstValueFrom(observeDialogMessages(db, peerId))]);
  return { messages: dialogMessages(docs, state.commands, peerId, viewerId), dialogs: overlayDialogs(state.dialogs, state.commands, viewerId) };
}

async function serverTexts(a: number, b: number): Promise<string[]> {
  const rows = await server.app.db
    .selectFrom('messages as m')
    .innerJoin('dialogs as d', 'd.id', 'm.dialog_id')
    .select(['m.text'])
    .where('d.user_a', '=', Math.min(a, b))
    .where('d.user_b', '=', Math.max(a, b))
    .orderBy('m.id')
    .execute();
  return rows.map((r) => r.text);
}

describe('private messages on a device', () => {
  it('sends messages written offline once each, in order, after reconnecting', async () => {
    const me = await device();
    const other = await createUser(server.app.db);
    const ev = await createEvent(server.app.db);
    await approvedMeeting(server.app.db, ev.id, me.userId, other.id);

    proxy.setOnline(false);
    for (const text of ['one', 'two', 'three']) await enqueue(me.db, 'message.send', { recipient_id: other.id, text });
    const offline = await shown(me.db, other.id, me.userId);
    expect(offline.messages.map((m) => [m.text, m.state])).toEqual([
      ['one', 'pending'],
      ['two', 'pending'],
      ['three', 'pending'],
    ]);
    // The dialog shows at once, with the newest queued text.
    expect(pageOfDialogs(offline.dialogs, 1).items[0]).toMatchObject({ user_id: other.id, local: true, last_message: 'three' });

    proxy.setOnline(true);
    await waitFor('the outbox to settle', async () => (await me.db.outbox.find().exec()).length === 0);
    const online = await waitFor('three delivered messages', async () => {
      const s = await shown(me.db, other.id, me.userId);
      return s.messages.every((m) => m.state === 'sent') && s.messages.length === 3 ? s : null;
    });
    expect(online.messages.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(await serverTexts(me.userId, other.id)).toEqual(['one', 'two', 'three']);
    await waitFor('the server dialog', async () => {
      const s = await shown(me.db, other.id, me.userId);
      return s.dialogs.find((d) => d.user_id === other.id && !d.local && d.last_message === 'three');
    });
  });

  it('keeps a message to someone without an approved meeting as failed (meeting_required) until dismissed', async () => {
    const me = await device();
    const stranger = await createUser(server.app.db);
    const entry = await enqueue(me.db, 'message.send', { recipient_id: stranger.id, text: 'hello?' });
    await waitFor('the refusal', async () => (await me.db.outbox.findOne(entry.id).exec())?.status === 'rejected');

    const s = await shown(me.db, stranger.id, me.userId);
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0]).toMatchObject({ text: 'hello?', state: 'failed', code: 'meeting_required', commandId: entry.id });
    expect(s.dialogs.find((d) => d.user_id === stranger.id)).toMatchObject({ failed: true });
    expect(await serverTexts(me.userId, stranger.id)).toEqual([]);

    await dismiss(me.db, entry.id);
    const after = await shown(me.db, stranger.id, me.userId);
    expect(after.messages).toEqual([]);
    expect(after.dialogs).toEqual([]);
  });
  it('mute, star and close round-trip through the server; a new message reopens a closed dialog', async () => {
    const me = await device();
    const other = await createUser(server.app.db);
    const ev = await createEvent(server.app.db);
    await approvedMeeting(server.app.db, ev.id, other.id, me.userId);
    await enqueue(me.db, 'message.send', { recipient_id: other.id, text: 'hi' });
    await waitFor('the server dialog', async () => (await shown(me.db, other.id, me.userId)).dialogs.find((d) => !d.local));

    await enqueue(me.db, 'dialog.update', { user_id: other.id, muted: true, starred: true, closed: true });
    const flagged = await shown(me.db, other.id, me.userId);
    // Hidden at once, before the server has answered.
    expect(pageOfDialogs(flagged.dialogs, 1).items).toEqual([]);
    await waitFor('the flags from the server', async () => {
      const d = await me.db.dialogs.findOne(String(other.id)).exec();
      return d?.muted && d.starred && d.closed;
    });

    await enqueue(me.db, 'message.send', { recipient_id: other.id, text: 'again' });
    await waitFor('the reopened dialog from the server', async () => {
      const d = await me.db.dialogs.findOne(String(other.id)).exec();
      return d && !d.closed && d.last_message === 'again' && d.starred && d.muted;
    });
    const page = pageOfDialogs((await shown(me.db, other.id, me.userId)).dialogs, 1);
    expect(page.items.map((d) => d.user_id)).toEqual([other.id]);
  });
});
