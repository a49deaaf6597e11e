import { describe, expect, it } from 'vitest';
import { Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { COMMAND_KINDS, COMMAND_PAYLOADS, CommandBatch, CommandEnvelope, type CommandKind } from '../../contract/commands.ts';
import { INT4_MAX, INT4_MIN, IsoTime, NO_NUL_PATTERN_PREFIX, TIME_MAX_MS, isNotInt4, storable, withoutNul } from '../../contract/storable.ts';
import { FULL_EVENT_FIELDS } from '../fixtures/event-fields.ts';

/**
 * The contract refuses what the database cannot store (contract/storable.ts). Two proofs over every
 * command kind: a walk of each schema's leaves (no string without the NUL guard, no integer beyond
 * int4 unless it is a time), and complete valid payloads whose every text and number is then
 * poisoned one at a time.
 */

type Leaf = { path: string; schema: Record<string | symbol, unknown> };

function leaves(node: unknown, path: string, out: Leaf[] = []): Leaf[] {
  if (typeof node !== 'object' || node === null) return out;
  const s = node as Record<string | symbol, unknown>;
  if (s.type === 'string' || s.type === 'integer' || s.type === 'number') out.push({ path, schema: s });
  for (const [name, sub] of Object.entries((s.properties as object | undefined) ?? {})) leaves(sub, `${path}.${name}`, out);
  for (const [name, sub] of Object.entries((s.patternProperties as object | undefined) ?? {})) leaves(sub, `${path}[${name}]`, out);
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const)
    (s[key] as unknown[] | undefined)?.forEach((sub, i) => {
      leaves(sub, `${path}|${i}`, out);
    });
  if (s.items) leaves(s.items, `${path}[]`, out);
  if (typeof s.additionalProperties === 'object') leaves(s.additionalProperties, `${path}{}`, out);
  return out;
}

const check = (schema: unknown) => TypeCompiler.Compile(schema as TSchema);
const hex = 'a'.repeat(32);

/** Every kind, with every optional field present, so every leaf is reached. */
const SAMPLES: Record<CommandKind, Record<string, unknown>[]> = {
  'event.favorite': [{ event_id: 7, favorite: true }],
  'event.checkin': [{ event_id: 7 }],
  'event.uncheckin': [{ event_id: 7 }],
  'visitor.like': [{ user_id: 9, status: 2 }],
  'visitor.favorite': [{ user_id: 9, favorite: true }],
  'profile.update': [
    {
      first_name: 'Anna',
      last_name: 'Koval',
      phone: '+380 44 123',
      position: 'Engineer',
      company: 'Foyer',
      help: 'Investors',
      status: 'About me',
      show_status: 1,
      trip_status: 2,
      hobby: [1, 3],
      sex: 2,
      birth_year: 1990,
      social: { vk: 'v', facebook: 'f', twitter: 't', gplus: 'g', linkedin: 'l', odn: 'o', telegram: 'tg', instagram: 'i' },
      city_id: 1,
      country_code: 'UA',
      show_email: true,
      hide_phone: false,
      hide_trip_plan: false,
      hide_from_visitors: false,
    },
    { hobby: '1,2', show_status: null, sex: null, birth_year: null, city_id: null, country_code: null },
  ],
  'visitor.category': [
    { event_id: 7, menu_id: 3 },
    { event_id: 7, menu_id: null },
  ],
  'appointment.request': [
    { event_id: 7, user_id: 9, date: '2026-05-12', comment: 'Coffee?', any_time: false, time_start: 1778572800, time_end: 1778573700, place: 3, meeting_id: 5 },
  ],
  'appointment.approve': [{ meeting_id: 5 }],
  'appointment.reject': [{ meeting_id: 5, reason: 'Busy' }],
  'comment.add': [{ event_id: 7, comment: 'Hello', image: `${hex}.png` }],
  'comment.like': [{ comment_id: 3, like_type: 1 }],
  'comment.unlike': [{ comment_id: 3 }],
  'comment.remove': [{ comment_id: 3 }],
  'chat.block': [{ event_id: 7, user_id: 9, reason: 'Spam' }],
  'chat.unblock': [{ event_id: 7, user_id: 9 }],
  'message.send': [{ recipient_id: 9, text: 'Hi' }],
  'dialog.read': [{ user_id: 9 }],
  'dialog.update': [{ user_id: 9, muted: true, starred: false, closed: false }],
  'ticket.scan': [
    { code: 'T-7-9', device_id: 'door-1', scanned_at: '2026-05-12T10:00:00.000Z', event_id: 7, result: 'admitted', list_id: 2, direction: 'out' },
  ],
  'event.create': [
    {
      fields: FULL_EVENT_FIELDS,
    },
  ],
  'event.update': [
    {
      event_id: 7,
      fields: FULL_EVENT_FIELDS,
    },
  ],
  'event.status': [{ event_id: 7, status: 'published' }],
  'event.delete': [{ event_id: 7 }],
  'event.role': [
    { event_id: 7, who: { email: 'anna@demo.test' }, role: 'moderator', granted: true },
    { event_id: 7, who: { user_id: 9 }, role: 'door', granted: false },
  ],
  'event.poster': [
    { event_id: 7, poster: `/files/uploads/event-pictures/${hex}.png` },
    { event_id: 7, poster: '' },
  ],
  'schedule.day.set': [{ event_id: 7, date: '2031-05-01', title: 'Talks' }],
  'schedule.day.remove': [{ event_id: 7, date: '2031-05-01' }],
  'schedule.track.set': [
    { event_id: 7, track: { id: 3 }, title: 'Main hall' },
    { event_id: 7, track: { client_id: 'cmd-12345678' }, title: 'Side' },
  ],
  'schedule.track.remove': [{ event_id: 7, track: { id: 3 } }],
  'schedule.track.order': [{ event_id: 7, tracks: [{ id: 3 }, { client_id: 'cmd-12345678' }] }],
  'schedule.speech.set': [
    {
      event_id: 7,
      speech: { id: 5 },
      fields: {
        track: { id: 3 },
        title: 'Keynote',
        description: 'Why',
        starts_at: 1_900_000_000,
        ends_at: 1_900_003_600,
        presentation_url: 'https://slides.example/k',
        speakers: [{ user_id: 9 }, { email: 'anna@demo.test' }, { name: 'Grace', picture: `/files/uploads/event-pictures/${hex}.png` }],
      },
    },
  ],
  'schedule.speech.remove': [{ event_id: 7, speech: { client_id: 'cmd-12345678' } }],
  'meetings.settings.set': [
    {
      event_id: 7,
      settings: { slot_minutes: 15, tables: 10, windows: [{ day: '2031-05-01', from: '10:00', to: '24:00' }], places: [{ id: 2, label: 'Hall', tables: 3 }] },
      outside: 'keep',
    },
  ],
  'meetings.categories.set': [{ event_id: 7, categories: [{ id: 1, name: 'Investor' }] }],
  'stand.set': [
    {
      event_id: 7,
      stand: { id: 4 },
      fields: {
        name: 'Vistula Data',
        location: 'Stand A4',
        link: 'https://vistula.example',
        description: 'Data platforms',
        phone: '+48 22 123',
        email: 'hi@vistula.example',
        logo: `/files/uploads/event-pictures/${hex}.png`,
        picture: '',
      },
    },
  ],
  'stand.remove': [{ event_id: 7, stand: { client_id: 'cmd-12345678' } }],
  'stand.member.set': [
    { event_id: 7, stand: { id: 4 }, who: { email: 'anna@demo.test' }, position: 'Sales', is_manager: true },
    { event_id: 7, stand: { id: 4 }, who: { user_id: 9 }, position: '', is_manager: false },
  ],
  'stand.member.remove': [{ event_id: 7, stand: { id: 4 }, user_id: 9 }],
  'people.invite.send': [{ event_id: 7, email: 'anna@demo.test', role: 'door' }],
  'people.invite.remove': [{ event_id: 7, email: 'anna@demo.test' }],
  'ticket_type.save': [
    {
      event_id: 7,
      type_id: 3,
      fields: {
        name: 'Standard',
        description: 'Entry to both days',
        price: 450.5,
        quota: 100,
        sale_starts_at: 1_900_000_000,
        sale_ends_at: 1_950_000_000,
        hidden: false,
        max_per_order: 10,
        max_per_person: 10,
        ask_name: 'required',
        ask_company: 'optional',
        ask_position: 'off',
        sort: 2,
      },
    },
  ],
  'ticket_type.delete': [{ event_id: 7, type_id: 3 }],
  'ticket_type.new_link': [{ event_id: 7, type_id: 3 }],
  'ticket_quota.save': [
    { event_id: 7, fields: { name: 'Hall', size: 500, type_ids: [3, 4] } },
    { event_id: 7, quota_id: 2, fields: { name: 'Hall', size: 500, type_ids: [] } },
  ],
  'ticket_quota.delete': [{ event_id: 7, quota_id: 2 }],
  'waitlist.join': [{ event_id: 7, type_id: 3 }],
  'waitlist.leave': [{ event_id: 7, type_id: 3 }],
  'waitlist.offer': [{ event_id: 7, entry_id: 5 }],
  'waitlist.remove': [{ event_id: 7, entry_id: 5 }],
  'waitlist.settings': [{ event_id: 7, offer_hours: 24 }],
  'ticket_sales.settings': [
    { event_id: 7, fields: { currency: 'EUR', transfer_enabled: true, transfer_instructions: 'IBAN …', transfer_hours: 72, card_enabled: true } },
  ],
  'promo_code.save': [
    {
      event_id: 7,
      code_id: 2,
      fields: {
        code: 'SPRING-25',
        kind: 'percent',
        value: 25,
        type_ids: [3, 4],
        max_uses: 100,
        valid_from: 1_900_000_000,
        valid_until: 1_950_000_000,
        active: true,
      },
    },
    { event_id: 7, fields: { code: 'SPEAKER', kind: 'free', value: 100, type_ids: [], max_uses: null, valid_from: null, valid_until: null, active: false } },
  ],
  'ticket.transfer': [{ ticket_id: 7, email: 'olha@example.com', name: 'Ольга Петренко' }],
  'ticket.cancel': [{ ticket_id: 7 }],
  'ticket.edit': [{ ticket_id: 7, name: 'Ольга Петренко', company: 'Acme' }],
  'notification.read': [{ ids: [3, 4] }],
  'speech.star': [{ event_id: 7, speech_id: 3, starred: true }],
  'calendar.feed': [{ token: 'A'.repeat(43) }, { token: null }],
  'trip.save': [{ event_id: 7, hotel: 'Hotel Ukraine', transport_before: 'Train 743', transport_after: 'Bus' }],
  'referral.claim': [{ code: '0123456789ab', event_id: 7 }],
  'contact.scan': [{ code: 'FYC1.WzEsIkFubmEiXQ.AAAA', event_id: 7, context: 'meet' }],
  'contact.note': [{ user_id: 3, note: 'Talked about the venue' }],
  'contact.remove': [{ user_id: 3 }],
  'lead.scan': [{ code: 'FYC1.WzEsIkFubmEiXQ.AAAA', company_id: 4 }],
  'lead.update': [
    { company_id: 4, user_id: 3, note: 'Wants a demo' },
    { company_id: 4, user_id: 3, rating: 5 },
  ],
  'lead.remove': [{ company_id: 4, user_id: 3 }],
  'lead.withdraw': [{ company_id: 4 }],
  'checkin_list.save': [{ event_id: 7, list_id: 2, fields: { name: 'Hall', type_ids: [1], day: '2026-05-14', reentry: true } }],
  'checkin_list.delete': [{ event_id: 7, list_id: 2 }],
  'push.subscribe': [{ endpoint: 'https://push.example.test/sub/1', p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' }],
  'push.unsubscribe': [{ endpoint: 'https://push.example.test/sub/1' }],
};

/** Paths to every string and number in a value, with a setter that returns a changed copy. */
function scalarPaths(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: string | number }[] {
  if (typeof value === 'string' || typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => scalarPaths(v, [...path, i]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => scalarPaths(v, [...path, k]));
  return [];
}
function setAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, next);
  return copy;
}

const TIME_FIELDS = new Set(['time_start', 'time_end', 'starts_at', 'ends_at', 'sale_starts_at', 'sale_ends_at', 'valid_from', 'valid_until']);

describe('the contract refuses what the database cannot store', () => {
  it('has a complete sample for every command kind', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...COMMAND_KINDS].sort());
    for (const kind of COMMAND_KINDS) {
      for (const sample of SAMPLES[kind]) expect(check(COMMAND_PAYLOADS[kind]).Check(sample), `${kind} ${JSON.stringify(sample)}`).toBe(true);
    }
  });

  for (const [name, schema] of [
    ...COMMAND_KINDS.map((k) => [k, COMMAND_PAYLOADS[k]] as const),
    ['the envelope', CommandEnvelope] as const,
    ['the batch', CommandBatch] as const,
  ]) {
    it(`${name}: no string leaf takes a NUL and no integer leaf takes 2^31`, () => {
      const found = leaves(schema, name);
      for (const { path, schema: leaf } of found) {
        const c = check(leaf);
        if (leaf.type === 'string') {
          if (leaf.const !== undefined) continue;
          expect(String(leaf.pattern).startsWith(NO_NUL_PATTERN_PREFIX), path).toBe(true);
          for (const v of ['\u0000', 'a\u0000', '\u0000a', 'T-1\u0000', 'door\u0000-1']) expect(c.Check(v), `${path} ${JSON.stringify(v)}`).toBe(false);
        } else if (leaf.const === undefined) {
          if (isNotInt4(leaf as unknown as TSchema)) {
            expect(c.Check(Math.floor(TIME_MAX_MS / 1000) + 1), path).toBe(false);
            expect(c.Check(-1), path).toBe(false);
          } else {
            expect(c.Check(2 ** 31), path).toBe(false);
            expect(c.Check(INT4_MIN - 1), path).toBe(false);
            expect(leaf.maximum as number, path).toBeLessThanOrEqual(INT4_MAX);
          }
        }
      }
    });
  }

  for (const kind of COMMAND_KINDS) {
    it(`${kind}: every text and number of a valid payload, poisoned alone, is refused`, () => {
      const c = check(COMMAND_PAYLOADS[kind]);
      for (const sample of SAMPLES[kind]) {
        for (const { path, value } of scalarPaths(sample)) {
          const where = `${kind} ${path.join('.')}`;
          if (typeof value === 'string') {
            expect(c.Check(setAt(sample, path, `${value.slice(0, 1)}\u0000${value.slice(1)}`)), where).toBe(false);
          } else if (TIME_FIELDS.has(String(path.at(-1)))) {
            expect(c.Check(setAt(sample, path, Math.floor(TIME_MAX_MS / 1000) + 1)), where).toBe(false);
          } else {
            expect(c.Check(setAt(sample, path, 2 ** 31)), where).toBe(false);
            expect(c.Check(setAt(sample, path, -(2 ** 31) - 1)), where).toBe(false);
          }
        }
      }
    });
  }

  it('keeps what the original patterns meant, anchored or not', () => {
    const anchored = check(Type.String({ pattern: withoutNul('^[a-z]+$') }));
    expect([anchored.Check('abc'), anchored.Check('xabc1'), anchored.Check('ab\u0000c')]).toEqual([true, false, false]);
    const loose = check(Type.String({ pattern: withoutNul('b') }));
    expect([loose.Check('abc'), loose.Check('xyz'), loose.Check('ab\u0000')]).toEqual([true, false, false]);
    const alternation = check(Type.String({ pattern: withoutNul('^a|z$') }));
    expect([alternation.Check('ab'), alternation.Check('xyz'), alternation.Check('bab')]).toEqual([true, true, false]);
    // A second pass changes nothing.
    const once = storable(Type.String({ pattern: '^x$' }));
    expect(storable(once).pattern).toBe(once.pattern);
    expect(check(once).Check('x')).toBe(true);
  });

  it('takes device times only in the sane years', () => {
    const t = check(IsoTime());
    expect(['2026-05-12T10:00:00.000Z', '1970-01-01T00:00:00Z', '2099-12-31T23:59:59.999+02:00', '2026-05-12T10:00Z'].map((v) => t.Check(v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    for (const v of [
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '1969-12-31T23:59:59Z',
      '2100-01-01T00:00:00Z',
      '2026-13-01T00:00:00Z',
      'yesterday',
      '2026-05-12',
      '2026-05-12T10:00:00.000Z\u0000',
    ]) {
      expect(t.Check(v), v).toBe(false);
    }
  });
});
