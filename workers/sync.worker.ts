/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createSyncHost } from './host.ts';

/**
 * The sync worker: the device's one owner of the database for this tab (workers/host.ts), offered
 * to the page over comlink.
 */
expose(createSyncHost());
