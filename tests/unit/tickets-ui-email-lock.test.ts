import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, type RxStorage } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { TICKET_EMAIL_LOCK_MS } from '../../contract/constants.ts';
import { openDatabase } from '../../sync/engine/database.ts';
import { readLocal } from '../../sync/store/local.ts';
import { LOCAL_TICKET_EMAIL, emailLockRemaining, lockTicketEmail, withEmailLock, type TicketEmailDoc } from '../../sync/views/tickets/tickets.ts';

/** Send to email is locked for 60 s after a send (events.md §4), remembered across reloads. */

addRxPlugin(RxDBDevModePlugin);
disableWarnings();

const T0 = Date.parse('2026-05-12T10:00:00Z');

describe('the send-to-email lock', () => {
  it('locks one ticket for 60 seconds after a send, counting down, and no other ticket', () => {
    expect(TICKET_EMAIL_LOCK_MS).toBe(60_000);
    expect(emailLockRemaining(null, 7, T0)).toBe(0);
    const doc = withEmailLock(null, 7, T0);
    expect(emailLockRemaining(doc, 7, T0)).toBe(60_000);
    expect(emailLockRemaining(doc, 7, T0 + 59_000)).toBe(1000);
    expect(emailLockRemaining(doc, 7, T0 + 60_000)).toBe(0);
    expect(emailLockRemaining(doc, 8, T0 + 1)).toBe(0);
  });

  it("keeps the server's later lock (a send from another device) and drops locks that are over", () => {
    const doc = withEmailLock(withEmailLock(null, 7, T0), 8, T0 + 90_000, T0 + 200_000);
    expect(Object.keys(doc.lockedUntil)).toEqual(['8']);
    expect(emailLockRemaining(doc, 8, T0 + 90_000)).toBe(110_000);
    expect(emailLockRemaining(withEmailLock(null, 9, T0, T0 + 5000), 9, T0)).toBe(60_000);
  });

  it('is still there after the app is closed and opened again', async () => {
    const indexedDB = new IDBFactory();
    const name = `email-lock-${Date.now()}`;
    const open = () =>
      openDatabase({
        name,
        storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }) as RxStorage<unknown, unknown>,
        multiInstance: false,
        collections: [],
      });
    const before = await open();
    await lockTicketEmail(before, 7, T0);
    await before.close();

    const after = await open();
    try {
      const doc = await readLocal<TicketEmailDoc>(after, LOCAL_TICKET_EMAIL);
      expect(emailLockRemaining(doc, 7, T0 + 30_000)).toBe(30_000);
      expect(emailLockRemaining(doc, 7, T0 + 61_000)).toBe(0);
    } finally {
      await after.remove();
    }
  });
});
