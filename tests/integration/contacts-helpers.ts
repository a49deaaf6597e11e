import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createUser } from '../fixtures/factories.ts';
import { bearer, login, type TestServer } from '../fixtures/server.ts';

/** People with a profile, their commands and their contact codes, shared by meet by QR and the stands' leads. */

export interface Person {
  id: number;
  token: string;
}
export type Result = { status: string; code?: string };

export function contactKit(server: () => TestServer) {
  async function person(profile: Record<string, unknown> = {}): Promise<Person> {
    const s = server();
    const u = await createUser(s.app.db, { first_name: 'Олена', last_name: `Коваль-${randomUUID().slice(0, 4)}` });
    await s.app.db
      .updateTable('users')
      .set({ company: 'Зерно, ТОВ', position: 'CTO', phone: '+380 44 123 45 67', ...profile })
      .where('id', '=', u.id)
      .execute();
    const { token } = await login(s.app, u.email);
    return { id: u.id, token };
  }

  async function send(who: Person, kind: string, payload: unknown, id = `cmd-${randomUUID()}`, occurredAt = new Date().toISOString()): Promise<Result> {
    const res = await server().app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: bearer(who.token),
      payload: { commands: [{ id, kind, payload, occurredAt }] },
    });
    expect(res.statusCode).toBe(200);
    return res.json().results[0] as Result;
  }

  async function codeOf(who: Person): Promise<{ code: string; public_key: string }> {
    const res = await server().app.inject({ method: 'GET', url: '/api/contacts/code', headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  return { person, send, codeOf };
}
