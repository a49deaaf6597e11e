import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CheckinListFields, CheckinListsAnswer } from '../../contract/checkin-lists.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * What the check-in list tests share: an organiser's event with a Standard and a VIP type, a
 * holder of each, lists made by command, and door scans as a door device uploads them.
 */
export function gatesKit(app: () => FastifyInstance) {
  const kit = salesKit(app);

  async function gates() {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    await kit.setSettings(owner, eventId);
    const standard = await kit.addType(owner, eventId, { name: 'Standard', price: 0, quota: 50 });
    const vip = await kit.addType(owner, eventId, { name: 'VIP', price: 0, quota: 50 });
    const holders = await Promise.all([kit.person(), kit.person()]);
    const codes: string[] = [];
    for (const [i, h] of holders.entries()) {
      const typeId = i === 0 ? standard : vip;
      expect((await kit.buy(h, { event_id: eventId, lines: [kit.line(typeId)], expected_total: 0 })).status_code).toBe(200);
      codes.push((await kit.pull(h, 'tickets')).find((d) => d.kind === 'ticket' && d.event_id === eventId)!.code);
    }
    return { owner, eventId, standard, vip, standardCode: codes[0]!, vipCode: codes[1]! };
  }

  async function saveList(owner: Person, eventId: number, fields: Partial<CheckinListFields>, listId?: number) {
    const payload = {
      event_id: eventId,
      ...(listId ? { list_id: listId } : {}),
      fields: { name: 'Main hall', type_ids: [], day: '', reentry: false, ...fields },
    };
    return kit.send(owner, 'checkin_list.save', payload);
  }

  async function lists(who: Person, eventId: number): Promise<CheckinListsAnswer> {
    const res = await app().inject({ method: 'GET', url: `/api/checkin/lists?event_id=${eventId}`, headers: auth(who.token) });
    const body = res.json() as Envelope<CheckinListsAnswer>;
    expect(body.status_code).toBe(200);
    return body.data;
  }

  /** A made list's id, by its name. */
  async function listId(owner: Person, eventId: number, name: string): Promise<number> {
    return (await lists(owner, eventId)).lists.find((l) => l.name === name)!.id;
  }

  /** A door scan command, as a door device queues it. */
  function scan(eventId: number, code: string, at: string, extra: { list_id?: number; result?: string; direction?: 'in' | 'out'; device?: string } = {}) {
    const { device, ...rest } = extra;
    return {
      id: `scan-${randomUUID()}`,
      kind: 'ticket.scan',
      payload: { code, device_id: device ?? 'door-a', scanned_at: at, event_id: eventId, ...rest },
      occurredAt: at,
    };
  }

  return { kit, gates, saveList, lists, listId, scan };
}
