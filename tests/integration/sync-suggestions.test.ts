import { firstValueFrom, filter, timeout } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { devicesBehindProxy } from '../fixtures/local-device.ts';
import { signInNewUser } from '../fixtures/sign-in.ts';
import { command as sendCommand } from './chat-helpers.ts';
import { readVisitorRows } from '../../sync/engine/visitor-pages.ts';
import { PEOPLE_READS } from '../../sync/views/people/on-device.ts';
import type { SuggestedPerson } from '../../sync/views/people/suggestions.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * "People you should meet" on a real device against a real server: the suggestions come from the
 * visitor documents the device replicated, so a person who hides from visitor lists, or who shows
 * only to people sharing an event, is never among them for someone who may not see them, however
 * well their words match.
 */

const { server, proxy, devices } = devicesBehindProxy();
const signIn = (over: Parameters<typeof signInNewUser>[2] = {}) => signInNewUser(server.app.db, proxy.url, over);

async function command(token: string, kind: string, payload: unknown) {
  const result = await sendCommand(server.app, token, kind, payload);
  expect(result.status, JSON.stringify(result)).toBe('applied');
}

describe('suggestions on the device', () => {
  it('suggests the visible investor, never the hidden one, and drops a person once they hide', async () => {
    const event = (await createEvent(server.app.db)).id;
    const anna = await signIn({ first_name: 'Anna' });
    const visible = await signIn({ first_name: 'Vira' });
    const hidden = await signIn({ first_name: 'Hanna' });
    for (const who of [anna, visible, hidden]) await command(who.token, 'event.checkin', { event_id: event });
    await command(anna.token, 'profile.update', { help: 'Looking for investors for a hardware startup' });
    await command(visible.token, 'profile.update', { position: 'Angel investor' });
    await command(hidden.token, 'profile.update', { position: 'Venture investor', hide_from_visitors: true });

    const device = await devices.openDevice({ name: 'foyer-suggest', baseUrl: proxy.url, auth: anna });
    await waitFor('the event visitors on the device', async () => (await readVisitorRows(device.db.visitors, event)).length >= 2);
    const read = (want: (list: SuggestedPerson[]) => boolean) =>
      firstValueFrom(PEOPLE_READS.suggestions(device.db, event, 10).pipe(filter(want), timeout(20_000)));

    const first = await read((list) => list.length > 0);
    expect(first.map((p) => p.user_id)).toEqual([visible.user.id]);
    expect(first[0]?.reasons).toEqual([{ kind: 'theyOffer', word: 'investor' }]);
    // The hidden person is not on the device at all: nothing the suggestions could leak.
    const held = (await readVisitorRows(device.db.visitors, event)).map((d) => d.user_id);
    expect(held).toContain(visible.user.id);
    expect(held).not.toContain(hidden.user.id);

    // Hiding later takes a person out of the suggestions with the next sync.
    await command(visible.token, 'profile.update', { hide_from_visitors: true });
    expect(await read((list) => list.length === 0)).toEqual([]);
  });
});
