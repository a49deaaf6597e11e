import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../contract/constants.ts';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { BATCH_MAX_BYTES, entryBytes, fitBytes, toEnvelope } from '../../sync/engine/outbox.ts';

/** The outbox drain's size rule (sync/engine/outbox.ts): a batch's body never passes the server's limit. */

const entry = (text: string, n = 0): OutboxDoc => ({
  id: `entry-${n.toString().padStart(4, '0')}`,
  kind: 'message.send',
  payload: { recipient_id: 1, text },
  occurredAt: '2025-01-01T00:00:00.000Z',
  seq: n,
  status: 'pending',
  attempts: 0,
});

describe('command batches by bytes', () => {
  it('counts an entry in UTF-8 bytes as it goes on the wire, not in characters', () => {
    const ascii = entry('a'.repeat(1000));
    const cyrillic = entry('я'.repeat(1000));
    expect(entryBytes(cyrillic) - entryBytes(ascii)).toBe(1000);
    expect(entryBytes(ascii)).toBe(Buffer.byteLength(JSON.stringify(toEnvelope(ascii))) + 1);
  });

  it('keeps a batch whole under the limit, in order, with at least its first entry', () => {
    const queue = Array.from({ length: 100 }, (_, i) => entry('中'.repeat(4000), i));
    const batch = fitBytes(queue);
    expect(batch.length).toBeGreaterThan(1);
    expect(batch.length).toBeLessThan(queue.length);
    expect(batch).toEqual(queue.slice(0, batch.length));
    const body = JSON.stringify({ commands: batch.map(toEnvelope), sentAt: new Date().toISOString() });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
    // One more would not have fitted.
    const more = JSON.stringify({ commands: queue.slice(0, batch.length + 1).map(toEnvelope), sentAt: new Date().toISOString() });
    expect(Buffer.byteLength(more)).toBeGreaterThan(BATCH_MAX_BYTES);
    expect(fitBytes([entry('x'.repeat(BODY_LIMIT_BYTES))])).toHaveLength(1);
  });
});
