import { describe, expect, it } from 'vitest';
import { checkEventFields, isHttpUrlOrEmpty, isTimeZone, type EventFields } from '../../contract/admin.ts';
import { NO_SALES_ADMIN } from '../../contract/sales.ts';
import { adminView, changedFields, conflicts, fieldsOf, listState, patchOf, queuedCreates } from '../../sync/admin.ts';
import type { EventView, QueuedCommand } from '../../sync/store/overlay.ts';
import { linkParts } from '../../src/ui/LinkifiedText.tsx';
import { eventView } from '../fixtures/event-doc.ts';
import { eventFields } from '../fixtures/event-fields.ts';

const START = 1_900_000_000;

const fields = (over: Partial<EventFields> = {}) => eventFields({ starts_at: START, ends_at: START + 3600, stream_url: '', is_free: true, ...over });

function view(over: Partial<EventView> = {}): EventView {
  return eventView(7, {
    name: 'Harbour Summit',
    city_id: 4,
    city_name: 'Odesa',
    when: START,
    when_end: START + 3600,
    address: 'Portova 1',
    place: { public: true, name: 'Pier 4', address: 'Portova 1' },
    barcode_type: 'qr',
    status: 'draft',
    admin: { stream_url: '', created_by: 1, team: [], schedule: { days: [], tracks: [] }, sales: NO_SALES_ADMIN },
    rev: 3,
    is_owner: true,
    ...over,
  });
}

let seq = 0;
const cmd = (kind: string, payload: Record<string, unknown>, status: QueuedCommand['status'] = 'pending'): QueuedCommand & { code?: string } => ({
  id: `c${++seq}`,
  kind,
  payload,
  seq,
  status,
  ...(status === 'rejected' ? { code: 'event_time_order' } : {}),
});

describe('event field rules (contract/admin.ts)', () => {
  it('accepts a sound event and names each problem on its field', () => {
    expect(checkEventFields(fields())).toEqual({});
    expect(
      checkEventFields(fields({ name: ' \u200b ', ends_at: START, timezone: 'Europe/Atlantis', stream_url: 'javascript:alert(1)', category_id: 99 })),
    ).toEqual({
      name: 'required',
      ends_at: 'time_order',
      timezone: 'timezone',
      stream_url: 'url',
      category_id: 'category',
    });
    expect(checkEventFields(fields({ video_type: 1 }))).toEqual({ stream_url: 'video_url' });
    expect(checkEventFields(fields({ ends_at: START + 400 * 86_400 }))).toEqual({ ends_at: 'too_long_span' });
    expect(checkEventFields(fields({ map_point: { lat: 91, lng: 0 } }))).toEqual({ map_point: 'range' });
    expect(checkEventFields(fields({ description: 'x'.repeat(10_001) }))).toEqual({ description: 'too_long' });
  });

  it('takes only http(s) addresses and IANA zone names', () => {
    expect(['', 'https://a.example/x?y=1', 'http://a.example'].map(isHttpUrlOrEmpty)).toEqual([true, true, true]);
    expect(['ftp://a.example', 'javascript:alert(1)', 'data:text/html,x', '//a.example', 'https://', 'a.example'].map(isHttpUrlOrEmpty)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['Europe/Kyiv', 'UTC', 'America/Argentina/Buenos_Aires'].map(isTimeZone)).toEqual([true, true, true]);
    expect(['Mars/Base', '', '../etc', 'Europe/Kyiv\u0000'].map(isTimeZone)).toEqual([false, false, false, false]);
  });
});

describe('the admin overlay (sync/admin.ts)', () => {
  it('lays queued edits, states and removals over the document, in queue order', () => {
    const v = view();
    const commands = [
      cmd('event.update', { event_id: 7, fields: { name: 'First' } }),
      cmd('event.update', { event_id: 7, fields: { name: 'Second', city: 'Lviv' } }),
      cmd('event.status', { event_id: 7, status: 'published' }),
      cmd('event.update', { event_id: 8, fields: { name: 'Other event' } }),
    ];
    const a = adminView(v, commands, START - 10)!;
    expect(a).toMatchObject({ status: 'published', state: 'published', pending: true, refused: null });
    expect(a.fields).toMatchObject({ name: 'Second', city: 'Lviv', place_name: 'Pier 4' });
    expect(adminView(v, [cmd('event.delete', { event_id: 7 })], START)).toBeNull();
    // A refused edit changes nothing and is reported.
    const refused = adminView(v, [cmd('event.update', { event_id: 7, fields: { name: 'Nope' } }, 'rejected')], START)!;
    expect(refused).toMatchObject({ pending: false, refused: { kind: 'event.update', code: 'event_time_order' } });
    expect(refused.fields.name).toBe('Harbour Summit');
    expect(listState({ status: 'published', when_end: START }, START + 1)).toBe('past');
    expect(listState({ status: 'cancelled', when_end: START }, START + 1)).toBe('cancelled');
  });

  it('sends only changed fields, and names only the fields both organisers changed differently', () => {
    const base = fieldsOf(view());
    const mine = { ...base, name: 'Mine', description: 'Same text' };
    const theirs = { ...base, name: 'Theirs', description: 'Same text', city: 'Kyiv' };
    expect(changedFields(base, mine)).toEqual(['name', 'description']);
    expect(patchOf(base, mine)).toEqual({ name: 'Mine', description: 'Same text' });
    expect(conflicts(base, theirs, mine)).toEqual(['name']);
  });

  it('lists new events not yet sent, and the refused ones with why', () => {
    const list = queuedCreates([
      cmd('event.create', { fields: fields({ name: 'Queued' }) }),
      cmd('event.create', { fields: fields({ name: 'Refused' }) }, 'rejected'),
    ]);
    expect(list.map((q) => [q.fields.name, q.refused])).toEqual([
      ['Queued', null],
      ['Refused', 'event_time_order'],
    ]);
  });
});

describe('linked descriptions (src/ui/LinkifiedText.tsx)', () => {
  it('links http(s) addresses only, leaving sentence punctuation and everything else as text', () => {
    expect(linkParts('See https://a.example/x. Or javascript:alert(1) and <b>bold</b>')).toEqual([
      { text: 'See ' },
      { href: 'https://a.example/x', text: 'https://a.example/x' },
      { text: '. Or javascript:alert(1) and <b>bold</b>' },
    ]);
    expect(linkParts('no links')).toEqual([{ text: 'no links' }]);
  });
});
