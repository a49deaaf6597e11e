import type { Page } from 'playwright-core';
import type { DEMO_ACCOUNTS } from '../server/db/seed/demo-data.ts';

/** One screen scripts/screens.ts photographs; its own module, so that the lists of screens can share it. */

export type Who = 'guest' | keyof typeof DEMO_ACCOUNTS;

export interface Screen {
  name: string;
  who: Who;
  path: (ids: { eventId: number; ownerId: number; standId: number }) => string;
  /** Something to do once the screen is there (open a menu, say). */
  prepare?: (page: Page) => Promise<void>;
  /** The screen shows ticket sales: the demo event gets types and orders first (salesOnDemo). */
  sales?: boolean;
  /** The screen shows contacts met by QR: Anna meets Bohdan and the stand manager first (contactsOnDemo). */
  contacts?: boolean;
  /** The screen shows a stand's leads: the stand manager scans Bohdan and Anna first (leadsOnDemo). */
  leads?: boolean;
  /** The screen shows "while you were offline": the phone loses the server first (digestOnDemo). */
  digest?: boolean;
}
