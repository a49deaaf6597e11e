import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDoc } from '../../contract/companies.ts';
import type { LeadCount, LeadStand } from '../../contract/leads.ts';
import { createEvent, TEST_PASSWORD } from '../fixtures/factories.ts';
import { bearer, ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { contactKit, type Person } from './contacts-helpers.ts';

/**
 * Leads at the stand (issue 31) on the database the suite runs on: a member's scan applied once
 * however often and by however many members, every member's copy of the stand carrying the
 * leads and nobody else's, the visitor's privacy switches, membership checked when the scan is
 * applied, the visitor's list and withdrawal, the organisers' counts, and bad input refused.
 */

let s: TestServer;
const dataDir = ownDataDir('leads');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const { person, send, codeOf } = contactKit(() => s);

/** An event with a stand of a manager and a member, an organiser, and a visitor. */
async function standAtEvent(visitorProfile: Record<string, unknown> = {}) {
  const [manager, member, visitor, outsider] = [await person(), await person(), await person(visitorProfile), await person()];
  const event = await createEvent(s.app.db, { name: 'Expo Lviv' });
  const stand = await s.app.db.insertInto('companies').values({ name: 'Зерно', event_id: event.id }).returning('id').executeTakeFirstOrThrow();
  await s.app.db
    .insertInto('stand_members')
    .values([
      { company_id: stand.id, user_id: manager.id, is_manager: true, sort: 0 },
      { company_id: stand.id, user_id: member.id, is_manager: false, sort: 1 },
    ])
    .execute();
  return { eventId: event.id, standId: stand.id, manager, member, visitor, outsider };
}

async function standOf(who: Person, eventId: number, standId: number): Promise<CompanyDoc> {
  const res = await s.app.inject({ method: 'GET', url: `/sync/v1/companies/pull?checkpoint=0&limit=1000&event_id=${eventId}`, headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return (res.json().documents as CompanyDoc[]).find((d) => d.stand_id === standId)!;
}

async function get<T>(who: Person, url: string): Promise<{ status: number; items: T[] }> {
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(who.token) });
  const body = res.json();
  return { status: body.status_code ?? res.statusCode, items: body.data?.items ?? [] };
}

describe('leads at the stand', () => {
  it('applies a member scan once, however often and by however many members, and every member holds the lead', async () => {
    const { eventId, standId, manager, member, visitor, outsider } = await standAtEvent();
    const { code } = await codeOf(visitor);
    const id = `lead-${randomUUID()}`;
    expect(await send(member, 'lead.scan', { code, company_id: standId }, id)).toMatchObject({ status: 'applied' });
    expect(await send(member, 'lead.scan', { code, company_id: standId }, id)).toMatchObject({ status: 'applied' });
    expect(await send(manager, 'lead.scan', { code, company_id: standId })).toMatchObject({ status: 'applied' });

    for (const who of [manager, member]) {
      const leads = (await standOf(who, eventId, standId)).leads!;
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({ user_id: visitor.id, company: 'Зерно, ТОВ', scanned_by: member.id, note: '', rating: 0 });
      expect(leads[0]!.scanned_at).toMatch(/Z$/);
    }
    // A visitor, an outsider and the organisers' copies carry no leads.
    for (const who of [visitor, outsider]) expect(await standOf(who, eventId, standId)).not.toHaveProperty('leads');
  });

  it('gives the stand what the visitor shares when the scan is applied', async () => {
    const { eventId, standId, member, visitor } = await standAtEvent({ show_email: true, hide_phone: false });
    const { code } = await codeOf(visitor);
    expect(await send(visitor, 'profile.update', { show_email: false, hide_phone: true })).toMatchObject({ status: 'applied' });
    expect(await send(member, 'lead.scan', { code, company_id: standId })).toMatchObject({ status: 'applied' });
    expect((await standOf(member, eventId, standId)).leads![0]).toMatchObject({ email: '', phone: '' });
  });

  it('refuses a queued scan of somebody who is no longer a member, and records nothing', async () => {
    const { eventId, standId, manager, member, visitor, outsider } = await standAtEvent();
    const { code } = await codeOf(visitor);
    await s.app.db.deleteFrom('stand_members').where('user_id', '=', member.id).execute();
    for (const who of [member, outsider])
      expect(await send(who, 'lead.scan', { code, company_id: standId })).toMatchObject({ status: 'rejected', code: 'lead_not_member' });
    expect((await standOf(manager, eventId, standId)).leads).toEqual([]);
  });

  it('keeps the members’ note and rating, removal and the visitor’s withdrawal, and a scan made before either stays out', async () => {
    const { eventId, standId, manager, member, visitor } = await standAtEvent();
    const { code } = await codeOf(visitor);
    const before = new Date(Date.now() - 60_000).toISOString();
    expect(await send(member, 'lead.scan', { code, company_id: standId })).toMatchObject({ status: 'applied' });
    expect(await send(member, 'lead.update', { company_id: standId, user_id: visitor.id, note: '  Хоче 20 стендів ' })).toMatchObject({ status: 'applied' });
    expect(await send(manager, 'lead.update', { company_id: standId, user_id: visitor.id, rating: 4 })).toMatchObject({ status: 'applied' });
    expect((await standOf(manager, eventId, standId)).leads![0]).toMatchObject({ note: 'Хоче 20 стендів', rating: 4 });

    const mine = await get<LeadStand>(visitor, '/api/leads/mine');
    expect(mine.items).toEqual([expect.objectContaining({ company_id: standId, event_id: eventId, stand_name: 'Зерно', event_name: 'Expo Lviv' })]);
    expect(JSON.stringify(mine.items)).not.toContain('Хоче');

    expect(await send(visitor, 'lead.withdraw', { company_id: standId })).toMatchObject({ status: 'applied' });
    expect(await send(visitor, 'lead.withdraw', { company_id: standId })).toMatchObject({ status: 'applied' });
    expect((await standOf(member, eventId, standId)).leads).toEqual([]);
    expect((await get<LeadStand>(visitor, '/api/leads/mine')).items).toEqual([]);
    // The member's offline scan from before the withdrawal arrives late: the details stay withdrawn.
    expect(await send(member, 'lead.scan', { code, company_id: standId }, undefined, before)).toMatchObject({ status: 'applied' });
    expect((await standOf(member, eventId, standId)).leads).toEqual([]);
    expect(await send(member, 'lead.update', { company_id: standId, user_id: visitor.id, rating: 1 })).toMatchObject({
      status: 'rejected',
      code: 'lead_not_found',
    });
    // Shown again at the stand, the code makes a lead again; the stand removes it.
    expect(await send(manager, 'lead.scan', { code, company_id: standId })).toMatchObject({ status: 'applied' });
    expect((await standOf(member, eventId, standId)).leads).toHaveLength(1);
    expect(await send(member, 'lead.remove', { company_id: standId, user_id: visitor.id })).toMatchObject({ status: 'applied' });
    expect((await standOf(manager, eventId, standId)).leads).toEqual([]);
  });

  it('shows the organisers how many leads each stand has and nobody else', async () => {
    const owner = await person();
    const { eventId, standId, member, visitor } = await standAtEvent();
    await s.app.db.insertInto('user_events').values({ user_id: owner.id, event_id: eventId, is_owner: true }).execute();
    expect(await send(member, 'lead.scan', { code: (await codeOf(visitor)).code, company_id: standId })).toMatchObject({ status: 'applied' });
    const counts = await get<LeadCount>(owner, `/api/events/${eventId}/leads/counts`);
    expect(counts.items).toEqual([{ company_id: standId, name: 'Зерно', leads: 1 }]);
    expect(JSON.stringify(counts.items)).not.toContain(String(visitor.id));
    expect((await get<LeadCount>(member, `/api/events/${eventId}/leads/counts`)).status).toBe(403);
  });

  it('takes a deleted account out of the stands that held it', async () => {
    const { eventId, standId, member, visitor } = await standAtEvent();
    expect(await send(member, 'lead.scan', { code: (await codeOf(visitor)).code, company_id: standId })).toMatchObject({ status: 'applied' });
    const gone = await s.app.inject({ method: 'POST', url: '/api/account/delete', payload: { password: TEST_PASSWORD }, headers: bearer(visitor.token) });
    expect(gone.json().status_code).toBe(200);
    expect((await standOf(member, eventId, standId)).leads).toEqual([]);
  });

  it('refuses bad input with a code and never answers 500', async () => {
    const { standId, member, visitor } = await standAtEvent();
    const { code } = await codeOf(visitor);
    const cases: [string, unknown, string][] = [
      ['lead.scan', { code }, 'invalid_input'],
      ['lead.scan', { code: '', company_id: standId }, 'invalid_input'],
      ['lead.scan', { code: 'FYC1.e30.AAAA', company_id: standId }, 'contact_code_invalid'],
      ['lead.scan', { code: (await codeOf(member)).code, company_id: standId }, 'contact_self'],
      ['lead.scan', { code, company_id: 2147483647 }, 'stand_not_found'],
      ['lead.update', { company_id: standId, user_id: visitor.id, rating: 6 }, 'invalid_input'],
      ['lead.update', { company_id: standId, user_id: visitor.id, note: 'n'.repeat(2001) }, 'invalid_input'],
      ['lead.update', { company_id: standId, user_id: visitor.id, note: 'x' }, 'lead_not_found'],
      ['lead.remove', { company_id: standId, user_id: 0 }, 'invalid_input'],
      ['lead.withdraw', { company_id: 'x' }, 'invalid_input'],
    ];
    for (const [kind, payload, expected] of cases)
      expect(await send(member, kind, payload), `${kind} ${JSON.stringify(payload).slice(0, 60)}`).toMatchObject({ status: 'rejected', code: expected });
    expect(await send(visitor, 'lead.withdraw', { company_id: 2147483647 })).toMatchObject({ status: 'applied' });
    const guest = await s.app.inject({ method: 'GET', url: '/api/leads/mine' });
    expect(guest.statusCode).toBeLessThan(500);
    expect(guest.json().status_code).not.toBe(200);
  });
});
