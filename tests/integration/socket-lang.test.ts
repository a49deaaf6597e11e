import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import uk from '../../locales/uk.json';
import pl from '../../locales/pl.json';
import { openSocket } from './chat-helpers.ts';

/**
 * Socket exceptions in the client's language (issue 16): a client built to the specs that says its
 * language, in the socket URL or in its register frame, gets the Exception frames' `message` in it,
 * with the server's own detail beside it; one that says nothing keeps the old English texts.
 */

const s = serverPerFile({ listen: true });

async function member() {
  const u = await createUser(s.app.db);
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

describe('Exception frames', () => {
  it('speak the language of ?lang=, with the detail apart', async () => {
    const me = await member();
    const socket = await openSocket(s.url, `/wss/chat?lang=uk&token=${me.token}`);
    try {
      socket.send({ type: 'nonsense' });
      const frame = await socket.next('Exception');
      expect(frame.Exception).toMatchObject({ type: 'invalidInputException', code: 'invalid_input', message: uk.errors.invalid_input });
      expect(frame.Exception.detail).toMatch(/malformed frame/);
      // Registering on a chat one may not read: the access error, also in Ukrainian.
      const ev = (await createEvent(s.app.db, { is_free: false })).id;
      socket.send({ type: 'register', userId: me.id, eventId: ev });
      const denied = await socket.next('Exception', (f) => f.Exception.code === 'ticket_required');
      expect(denied.Exception).toMatchObject({ type: 'userAccessException', message: uk.errors.ticket_required });
    } finally {
      await socket.close();
    }
  });

  it('take the language a register frame names, and keep English for a client that names none', async () => {
    const me = await member();
    const polish = await openSocket(s.url, `/wss/notice?token=${me.token}`);
    const silent = await openSocket(s.url, `/wss/notice?token=${me.token}`);
    try {
      polish.send({ type: 'register', userId: me.id + 1000, lang: 'pl-PL' });
      const frame = await polish.next('Exception');
      expect(frame.Exception).toMatchObject({ code: 'forbidden', message: pl.errors.forbidden, detail: 'userId is not the signed-in user' });

      // A language we do not speak is the same as none.
      silent.send({ type: 'register', userId: me.id + 1000, lang: 'xx' });
      expect((await silent.next('Exception')).Exception).toEqual({ type: 'userAccessException', code: 'forbidden', message: 'Access denied' });
    } finally {
      await polish.close();
      await silent.close();
    }
  });
});
