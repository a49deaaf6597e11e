import { describe, expect, it } from 'vitest';
import { blankPromoCode, type AdminPromoCode } from '../../contract/promo.ts';
import { NO_SALES_ADMIN, blankTicketType, type AdminTicketType } from '../../contract/sales.ts';
import type { EventView, QueuedCommand } from '../../sync/store/overlay.ts';
import { salesAdminView } from '../../sync/views/tickets/sales-admin.ts';

/** The organiser's ticket types on the device: the organisers' copy of the event with the queued commands laid over it. */

const type = (id: number, over: Partial<AdminTicketType> = {}): AdminTicketType => ({
  id,
  name: `Type ${id}`,
  description: '',
  price: 100,
  sale_starts: 0,
  sale_ends: 0,
  max_per_order: 10,
  max_per_person: 10,
  ask_name: 'required',
  ask_company: 'off',
  ask_position: 'off',
  sold_out: false,
  sort: id,
  hidden: false,
  access_key: `${id}`.padStart(64, 'a'),
  limited: true,
  quota: 50,
  ...over,
});

const promo = (id: number, code: string, over: Partial<AdminPromoCode> = {}): AdminPromoCode => ({
  id,
  code,
  kind: 'percent',
  value: 10,
  type_ids: [],
  max_uses: 0,
  valid_from: 0,
  valid_until: 0,
  active: true,
  ...over,
});

const event = {
  event_id: 9,
  sales: { currency: 'EUR', methods: ['transfer'], types: [] },
  admin: {
    stream_url: '',
    created_by: 1,
    team: [],
    sales: {
      ...NO_SALES_ADMIN,
      types: [type(1), type(2, { sold_out: true })],
      promo_codes: [promo(4, 'SPRING'), promo(5, 'VIP', { kind: 'free', value: 100, max_uses: 10, type_ids: [2] })],
      quotas: [{ id: 7, name: 'Hall', size: 500, type_ids: [1, 2] }],
      transfer_enabled: true,
      transfer_instructions: 'IBAN',
    },
  },
} as unknown as EventView;

let seq = 0;
const cmd = (kind: string, payload: Record<string, unknown>, status: QueuedCommand['status'] = 'pending', code?: string) => ({
  id: `c${++seq}`,
  kind,
  payload: { event_id: 9, ...payload },
  seq,
  status,
  ...(code ? { code } : {}),
});

describe('the organiser’s ticket types', () => {
  it('are the document’s, with quota and sold-out state, when nothing is queued', () => {
    const v = salesAdminView(event, []);
    expect(v.currency).toBe('EUR');
    expect(v.settings).toMatchObject({ transfer_enabled: true, transfer_instructions: 'IBAN', card_enabled: false });
    expect(v.types.map((t) => [t.id, t.fields.quota, t.soldOut, t.pending])).toEqual([
      [1, 50, false, false],
      [2, 50, true, false],
    ]);
  });

  it('show queued changes at once, a new type as waiting, and a refusal on the type it concerns', () => {
    const v = salesAdminView(event, [
      cmd('ticket_type.save', { type_id: 1, fields: { ...blankTicketType(), name: 'Early bird', sort: 1 } }),
      cmd('ticket_type.save', { fields: { ...blankTicketType(), name: 'Student', sort: 5 } }),
      cmd('ticket_type.delete', { type_id: 2 }, 'rejected', 'ticket_type_in_use'),
      cmd('ticket_sales.settings', { fields: { currency: 'EUR', transfer_enabled: false, transfer_instructions: '', transfer_hours: 24, card_enabled: true } }),
      cmd('ticket_type.save', { event_id: 10, type_id: 1, fields: { ...blankTicketType(), name: 'Other event' } }),
    ]);
    expect(v.types.map((t) => [t.key, t.fields.name, t.pending, t.refused?.code ?? null])).toEqual([
      ['1', 'Early bird', true, null],
      ['2', 'Type 2', false, 'ticket_type_in_use'],
      [expect.stringMatching(/^local:/), 'Student', true, null],
    ]);
    expect(v.settings).toMatchObject({ transfer_enabled: false, card_enabled: true });
    expect(v.settingsPending).toBe(true);
  });

  it('show a new type once when the server has applied it and its copy lists it', () => {
    const v = salesAdminView(event, [cmd('ticket_type.save', { fields: { ...blankTicketType(), name: 'Type 1' } }, 'applied')]);
    expect(v.types.map((t) => t.key)).toEqual(['1', '2']);
  });

  it('carry each type private link key, marked as waiting while a new link is queued and not once it is applied', () => {
    const v = salesAdminView(event, [cmd('ticket_type.new_link', { type_id: 1 }), cmd('ticket_type.new_link', { type_id: 2 }, 'applied')]);
    expect(v.types.map((t) => [t.id, t.accessKey, t.linkPending])).toEqual([
      [1, `${1}`.padStart(64, 'a'), true],
      [2, `${2}`.padStart(64, 'a'), false],
    ]);
    const refused = salesAdminView(event, [cmd('ticket_type.new_link', { type_id: 2 }, 'rejected', 'not_organiser')]);
    expect(refused.types.find((t) => t.id === 2)?.refused?.code).toBe('not_organiser');
  });

  it('drop a type whose deletion is on its way', () => {
    const v = salesAdminView(event, [cmd('ticket_type.delete', { type_id: 1 })]);
    expect(v.types.map((t) => t.id)).toEqual([2]);
  });
});

describe('the organiser’s promo codes', () => {
  it('are the document’s, a missing limit or window as none', () => {
    const v = salesAdminView(event, []);
    expect(v.promoCodes.map((p) => [p.key, p.fields.code, p.fields.kind, p.fields.max_uses, p.fields.valid_until, p.fields.type_ids])).toEqual([
      ['4', 'SPRING', 'percent', null, null, []],
      ['5', 'VIP', 'free', 10, null, [2]],
    ]);
  });

  it('show an edit, a new code and a refusal at once, and a new code once the server lists it', () => {
    const v = salesAdminView(event, [
      cmd('promo_code.save', { code_id: 4, fields: { ...blankPromoCode(), code: 'SPRING', active: false } }),
      cmd('promo_code.save', { fields: { ...blankPromoCode(), code: 'summer' } }),
      cmd('promo_code.save', { code_id: 5, fields: { ...blankPromoCode(), code: 'VIP', max_uses: 1 } }, 'rejected', 'promo_uses_below_used'),
      cmd('promo_code.save', { fields: { ...blankPromoCode(), code: 'vip' } }, 'applied'),
    ]);
    expect(v.promoCodes.map((p) => [p.key, p.fields.code, p.fields.active, p.pending, p.refused?.code ?? null])).toEqual([
      ['4', 'SPRING', false, true, null],
      ['5', 'VIP', true, false, 'promo_uses_below_used'],
      [expect.stringMatching(/^local:/), 'summer', true, true, null],
    ]);
  });
});

describe('the organiser’s shared quotas', () => {
  it('are the document’s, and show an edit, a new quota, a removal on its way and a refusal at once', () => {
    expect(salesAdminView(event, []).quotas.map((q) => [q.id, q.fields, q.pending])).toEqual([[7, { name: 'Hall', size: 500, type_ids: [1, 2] }, false]]);
    const edited = salesAdminView(event, [
      cmd('ticket_quota.save', { quota_id: 7, fields: { name: 'Main hall', size: 400, type_ids: [1] } }),
      cmd('ticket_quota.save', { fields: { name: 'Annex', size: 20, type_ids: [2] } }),
    ]);
    expect(edited.quotas.map((q) => [q.key, q.fields.name, q.fields.size, q.pending])).toEqual([
      ['7', 'Main hall', 400, true],
      [expect.stringMatching(/^local:/), 'Annex', 20, true],
    ]);
    expect(salesAdminView(event, [cmd('ticket_quota.delete', { quota_id: 7 })]).quotas).toEqual([]);
    const refused = salesAdminView(event, [
      cmd('ticket_quota.save', { quota_id: 7, fields: { name: 'Hall', size: 1, type_ids: [1] } }, 'rejected', 'shared_quota_below_taken'),
    ]);
    expect(refused.quotas[0]).toMatchObject({ fields: { size: 500 }, refused: { code: 'shared_quota_below_taken' } });
  });
});
