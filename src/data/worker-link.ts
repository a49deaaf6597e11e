import { wrap, type Remote } from 'comlink';
import type { SyncWorkerApi } from '../../workers/api.ts';

/** The page's line to the sync worker: the worker, its comlink API, and a promise that fails when it does. */
export interface WorkerLink {
  worker: Worker;
  api: Remote<SyncWorkerApi>;
  /** Rejects when the worker script fails to load or throws; it never resolves. */
  failed: Promise<never>;
}

function defaultWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), { type: 'module' });
}

/** Starts the sync worker, or answers null where workers do not exist (the page then shows local data only). */
export function openWorker(create: () => Worker | null = defaultWorker): WorkerLink | null {
  const worker = create();
  if (!worker) return null;
  // A worker script that fails to load never answers a comlink call; its error event is all we get.
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`sync worker failed: ${e.message || 'load error'}`)), { once: true });
  });
  failed.catch(() => undefined);
  return { worker, api: wrap<SyncWorkerApi>(worker), failed };
}
