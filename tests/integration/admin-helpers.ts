import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EventFields } from '../../contract/admin.ts';
import { localDateOf, zonedToUnix, type AppointmentDoc } from '../../contract/appointments.ts';
import type { CompanyDoc } from '../../contract/companies.ts';
import type { EventDoc, MyEventDoc } from '../../contract/entities.ts';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import type { VisitorDoc } from '../../contract/visitors.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { createUser } from '../fixtures/factories.ts';
import { invitationTokens, joinByInvitation } from '../fixtures/invitations.ts';
import { login, type TestServer } from '../fixtures/server.ts';
import { form, pngImage } from './chat-helpers.ts';

/**
 * What the organisers' admin tests share: people with sessions, commands sent through the sync
 * path as a device sends them, pulls of a collection, and a valid event's fields.
 */

/** The document type of each replicated collection these tests pull, by the collection's name. */
export interface Docs {
  events: EventDoc;
  my_events: MyEventDoc;
  visitors: VisitorDoc;
  appointments: AppointmentDoc;
  companies: CompanyDoc;
  schedule: ScheduleDoc;
}
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
export const DAY = 86_400;

export interface Person {
  id: number;
  email: string;
  token: string;
}

export function adminKit(server: () => TestServer, dataDir?: string) {
  const app = () => server().app;

  async function person(): Promise<Person> {
    const u = await createUser(app().db);
    const { token } = await login(app(), u.email);
    return { id: u.id, email: u.email, token };
  }

  /** Sends commands in one batch, as a device's outbox does; answers their results in order. */
  async function batch(who: Person, commands: { kind: string; payload: unknown; id?: string }[], lang = 'en') {
    const res = await app().inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: { ...auth(who.token), 'accept-language': lang },
      payload: {
        commands: commands.map((c) => ({ id: c.id ?? `adm-${randomUUID()}`, kind: c.kind, payload: c.payload, occurredAt: new Date().toISOString() })),
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().results as { id: string; status: string; code?: string; ids?: string[] }[];
  }

  async function send(who: Person, kind: string, payload: unknown, id?: string, lang = 'en') {
    return (await batch(who, [{ kind, payload, id }], lang))[0]!;
  }

  /** Every document of a collection the viewer pulls (a guest with null), optionally of one event's scope. */
  async function pull<N extends keyof Docs>(
    who: Person | null,
    collection: N,
    eventId?: number,
  ): Promise<{ status: number; documents: (Docs[N] & { deleted: boolean })[] }> {
    const scope = eventId ? `&event_id=${eventId}` : '';
    const res = await app().inject({
      method: 'GET',
      url: `/sync/v1/${collection}/pull?checkpoint=0&limit=1000${scope}`,
      headers: who ? auth(who.token) : {},
    });
    return { status: res.statusCode, documents: res.statusCode === 200 ? res.json().documents : [] };
  }

  async function newEvent(owner: Person, over: Partial<EventFields> = {}, publish = false): Promise<number> {
    const r = await send(owner, 'event.create', { fields: eventFields(over) });
    expect(r.status).toBe('applied');
    const id = Number(r.ids![0]);
    if (publish) expect(await send(owner, 'event.status', { event_id: id, status: 'published' })).toMatchObject({ status: 'applied' });
    return id;
  }

  /** A legacy call's answer; `T` names the fields of its data the test reads. */
  async function legacy<T = unknown>(who: Person | null, url: string): Promise<Envelope<T>> {
    return (await app().inject({ method: 'GET', url, headers: who ? auth(who.token) : {} })).json();
  }

  /** Follows an invitation's link signed in as `who`, as its page does; answers the envelope. */
  async function accept(who: Person, token: string): Promise<Envelope<{ event_id: number; role: string }>> {
    const res = await app().inject({ method: 'POST', url: '/api/auth/invitation/accept', headers: auth(who.token), payload: { token } });
    return res.json();
  }

  /**
   * Puts `who` on the event's team (or registers them, for 'attendee') the way it is done: `from`
   * invites their address and they accept the mailed link. The server must write mail to `dataDir`.
   */
  async function join(from: Person, eventId: number, who: Person, role: 'organizer' | 'moderator' | 'door' | 'attendee'): Promise<void> {
    if (!dataDir) throw new Error('adminKit needs the server’s dataDir to read invitation mail');
    await joinByInvitation(app(), dataDir, who, async () => {
      const r =
        role === 'attendee'
          ? await send(from, 'people.invite.send', { event_id: eventId, email: who.email, role })
          : await send(from, 'event.role', { event_id: eventId, who: { email: who.email }, role, granted: true });
      expect(r, `inviting ${who.email} as ${role}`).toMatchObject({ status: 'applied' });
    });
  }

  return { person, batch, send, pull, newEvent, legacy, accept, join };
}

/** The token of the `count`-th invitation mailed to an address, other mails left out. */
export async function invitationToken(dataDir: string, email: string, count = 1): Promise<string> {
  return (await invitationTokens(dataDir, email, count))[count - 1]!;
}

/** A valid in-person event ten days ahead, 10:00–18:00 in Kyiv, with `over` on top. */
export function eventFields(over: Partial<EventFields> = {}): EventFields {
  // 09:00 in Kyiv ten days ahead: started at the time of day the suite ran, the event's day (and a
  // programme's speeches built from its start) crossed Kyiv's midnight when run after 21:00 UTC.
  const start = zonedToUnix(localDateOf(Math.floor(Date.now() / 1000) + 10 * DAY, 'Europe/Kyiv'), '09:00', 'Europe/Kyiv');
  return {
    name: 'Harbour Summit',
    category_id: 1,
    description: 'Talks. https://harbour.example',
    is_webinar: false,
    place_name: 'Pier 4',
    address: 'Portova 1',
    city: 'Kyiv',
    map_point: { lat: 46.48, lng: 30.72 },
    timezone: 'Europe/Kyiv',
    starts_at: start,
    ends_at: start + 8 * 3600,
    stream_url: '',
    video_type: 0,
    broadcast_background: '',
    is_free: true,
    ...over,
  };
}

/** Uploads a picture for the event as the organisers' screens do; answers the envelope. */
export async function uploadPicture(
  app: TestServer['app'],
  who: Person,
  eventId: number,
  kind: string,
  width = 40,
  height = 30,
): Promise<Envelope<{ url: string }>> {
  const { payload, headers } = await form({ kind }, { data: await pngImage(width, height) });
  const res = await app.inject({ method: 'POST', url: `/api/admin/events/${eventId}/pictures`, headers: { ...headers, ...auth(who.token) }, payload });
  return res.json();
}
