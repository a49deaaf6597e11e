import { describe, expect, it } from 'vitest';
import { SseParser } from '../../sync/engine/sse.ts';
import { VIEWED_KEEP, addView } from '../../sync/store/local.ts';

describe('SseParser', () => {
  it('reads the server stream: retry line, RESYNC first, then hints and keep-alives', () => {
    const p = new SseParser();
    const text = 'retry: 2000\ndata: {"type":"RESYNC"}\n\n: keep-alive\n\ndata: {"type":"hint","collections":["my_events"]}\n\n';
    expect(p.feed(text).map((m) => JSON.parse(m.data))).toEqual([{ type: 'RESYNC' }, { type: 'hint', collections: ['my_events'] }]);
  });

  it('joins messages split across chunks at any point', () => {
    const text = 'data: {"type":"RESYNC"}\n\ndata: {"type":"hint","collections":["events"]}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const p = new SseParser();
      const out = [...p.feed(text.slice(0, cut)), ...p.feed(text.slice(cut))];
      expect(out.map((m) => m.data)).toEqual(['{"type":"RESYNC"}', '{"type":"hint","collections":["events"]}']);
    }
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between chunks', () => {
    const p = new SseParser();
    expect(p.feed('data: a\r')).toEqual([]);
    expect(p.feed('\n\r\n').map((m) => m.data)).toEqual(['a']);
    expect(new SseParser().feed('data: b\r\rdata: c\r\n\r\n').map((m) => m.data)).toEqual(['b', 'c']);
  });

  it('keeps multi-line data, event names and ids, and skips empty events', () => {
    const p = new SseParser();
    const out = p.feed('event: ping\nid: 7\ndata: one\ndata:two\n\n\n\nevent: lonely\n\n');
    expect(out).toEqual([{ event: 'ping', id: '7', data: 'one\ntwo' }]);
    expect(p.feed('data: x\n\n')).toEqual([{ event: 'message', id: '7', data: 'x' }]);
  });
});

describe('addView', () => {
  it('remembers the latest view per event and keeps only the most recent ones', () => {
    let doc = { items: {} as Record<string, number> };
    doc = addView(doc, 1, 100);
    doc = addView(doc, 1, 150);
    expect(doc.items).toEqual({ '1': 150 });
    for (let i = 0; i < VIEWED_KEEP + 5; i++) doc = addView(doc, 1000 + i, 200 + i);
    expect(Object.keys(doc.items)).toHaveLength(VIEWED_KEEP);
    expect(doc.items['1']).toBeUndefined();
    expect(doc.items[String(1000 + VIEWED_KEEP + 4)]).toBe(200 + VIEWED_KEEP + 4);
  });
});
