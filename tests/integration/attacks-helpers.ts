import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/types.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { USER_SCOPED } from '../../contract/entities.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { commandId } from './chat-helpers.ts';

/**
 * Shared pieces of the attack tests (attacks-*.test.ts): people with sessions, calls as somebody,
 * a whole user-scoped pull, and a reader of the live hint stream that says when it ended.
 */

export interface Person {
  id: number;
  email: string;
  token: string;
}

export async function person(db: Kysely<DB>, eventId?: number, o: { first_name?: string; last_name?: string } = {}): Promise<Person> {
  const u = await createUser(db, o);
  if (eventId !== undefined) {
    await db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
  }
  return { id: u.id, email: u.email, token: await createSession(db, u.id) };
}

/** A free in-person event that is on now, so chat, meetings and messages are all open. */
export async function liveEvent(db: Kysely<DB>): Promise<number> {
  const e = await createEvent(db, { starts_in_hours: -1, duration_hours: 24 * 6, is_free: true });
  return e.id;
}

export const bearer = (p: { token: string }) => ({ authorization: `Bearer ${p.token}` });

/**
 * A call as `who` (or a guest); returns the HTTP status and the parsed body, null when it is not
 * JSON. `B` is the body as the test reads it: the legacy envelope unless the test names another.
 */
export async function call<B = Envelope<unknown>>(
  app: FastifyInstance,
  who: { token: string } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ http: number; body: B | null; raw: string; headers: Record<string, unknown> }> {
  const res = await app.inject({ method, url, headers: { ...(who ? bearer(who) : {}), ...headers }, payload: payload as never });
  let body: B | null = null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { http: res.statusCode, body, raw: res.body, headers: res.headers };
}

/** One batch of commands as `who`; returns the HTTP status and the results. */
export async function commands(app: FastifyInstance, who: { token: string }, batch: { kind: string; payload: unknown; id?: string }[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: bearer(who),
    payload: { commands: batch.map((c) => ({ id: c.id ?? commandId(), kind: c.kind, payload: c.payload, occurredAt: new Date().toISOString() })) },
  });
  return {
    http: res.statusCode,
    results: (res.statusCode === 200 ? res.json().results : []) as { id: string; status: string; code?: string; ids?: string[] }[],
    body: res.body,
  };
}

/** Everything every user-scoped feed gives `who` from checkpoint 0, concatenated as text. */
export async function pullEverything(app: FastifyInstance, who: { token: string }): Promise<{ name: string; count: number; text: string }[]> {
  const out = [];
  for (const name of USER_SCOPED) {
    const res = await app.inject({ method: 'GET', url: `/sync/v1/${name}/pull?checkpoint=0&limit=2000`, headers: bearer(who) });
    if (res.statusCode !== 200) throw new Error(`${name} pull answered ${res.statusCode}: ${res.body}`);
    const body = res.json() as { documents: unknown[] };
    out.push({ name, count: body.documents.length, text: JSON.stringify(body.documents) });
  }
  return out;
}

export interface HintStream {
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  hasEnded(): boolean;
  text(): string;
  abort(): void;
}

/** Opens GET /sync/v1/stream over real HTTP; resolves once the first RESYNC arrived. */
export async function openHintStream(baseUrl: string, token: string): Promise<HintStream> {
  const ctrl = new AbortController();
  const res = await fetch(`${baseUrl}/sync/v1/stream`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  let started!: () => void;
  const first = new Promise<void>((r) => (started = r));
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
        if (text.includes('RESYNC')) started();
      }
    } catch {
      // Aborted by the test.
    }
    done = true;
    started();
  })();
  await first;
  return { ended, hasEnded: () => done, text: () => text, abort: () => ctrl.abort() };
}
