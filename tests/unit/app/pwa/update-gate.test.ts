import { describe, expect, it } from 'vitest';
import { isSafeToUpdate, shouldOfferUpdate } from '../../../../src/app/pwa/update-gate.ts';
import type { SyncState } from '../../../../src/data/api.ts';

const status = (state: SyncState, pending = 0) => ({ state, pending });

describe('the update prompt never interrupts a sync', () => {
  it('is safe when the sync is idle with nothing pending', () => {
    expect(isSafeToUpdate(status('idle'))).toBe(true);
  });

  it('is safe offline with an empty outbox', () => {
    expect(isSafeToUpdate(status('offline'))).toBe(true);
  });

  it.each<SyncState>(['syncing', 'connecting', 'error'])('is not safe while %s', (state) => {
    expect(isSafeToUpdate(status(state))).toBe(false);
  });

  it('is not safe while the outbox still holds entries, online or offline', () => {
    expect(isSafeToUpdate(status('offline', 1))).toBe(false);
    expect(isSafeToUpdate(status('idle', 2))).toBe(false);
  });

  it('offers a waiting or activated version only when safe', () => {
    expect(shouldOfferUpdate('waiting', status('idle'))).toBe(true);
    expect(shouldOfferUpdate('activated', status('offline'))).toBe(true);
    expect(shouldOfferUpdate('waiting', status('syncing'))).toBe(false);
    expect(shouldOfferUpdate('activated', status('offline', 3))).toBe(false);
  });

  it('offers nothing without a new version, and keeps showing progress once applying', () => {
    expect(shouldOfferUpdate('none', status('idle'))).toBe(false);
    expect(shouldOfferUpdate('applying', status('syncing'))).toBe(true);
  });
});
