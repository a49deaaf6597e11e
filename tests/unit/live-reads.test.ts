import { describe, expect, it } from 'vitest';
import type { Device, QueryRef } from '../../src/data/device.ts';
import { query } from '../../src/data/device.ts';
import { LiveReads } from '../../src/data/live-reads.ts';

/** A device whose queries answer with their name and arguments, counting the subscriptions it holds. */
function fakeDevice() {
  const open: string[] = [];
  const device: Device = {
    subscribe<T>(ref: QueryRef<T>, next: (value: T) => void) {
      const key = `${ref.name}:${JSON.stringify(ref.args)}`;
      open.push(key);
      next(key as T);
      return () => open.splice(open.indexOf(key), 1);
    },
    call: () => Promise.reject(new Error('not used')),
  };
  return { device, open };
}

describe('the live reads of the page', () => {
  it('share one read per query and arguments, and keep them apart otherwise', () => {
    const reads = new LiveReads();
    const a = reads.get(query('dialog', 7), [] as never);
    expect(reads.get(query('dialog', 7), [] as never)).toBe(a);
    expect(reads.get(query('dialog', 8), [] as never)).not.toBe(a);
    expect(reads.get(query('messaging'), null as never)).not.toBe(a);
  });

  it('answer the initial value until there is a device, then follow it, and start over on a new one', () => {
    const reads = new LiveReads();
    const store = reads.get(query('ownTrip', 3), 'initial' as never);
    const stop = store.subscribe(() => undefined);
    expect(store.get()).toEqual({ loading: true, value: 'initial' });

    const first = fakeDevice();
    reads.setDevice(first.device);
    expect(store.get()).toEqual({ loading: false, value: 'ownTrip:[3]' });
    expect(first.open).toEqual(['ownTrip:[3]']);
    // A read asked for after the device came follows it at once.
    const late = reads.get(query('ownTrip', 4), 'initial' as never);
    const stopLate = late.subscribe(() => undefined);
    expect(late.get().value).toBe('ownTrip:[4]');

    // A logout wipes the device: the reads leave the old one and start on the new.
    const second = fakeDevice();
    reads.setDevice(second.device);
    expect(first.open).toEqual([]);
    expect(second.open.sort()).toEqual(['ownTrip:[3]', 'ownTrip:[4]']);
    stop();
    stopLate();
  });
});
