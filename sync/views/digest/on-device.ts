import type { FoyerDatabase } from '../../engine/database.ts';
import type { RunTaskFactory } from '../../engine/run-task.ts';
import { observeLocal } from '../../store/local.ts';
import { DigestTask, dismissDigest, LOCAL_DIGEST, type DigestDoc } from './digest.ts';

/** The digest of what changed while the person was offline, as the page reads it by name. */
export const DIGEST_READS = {
  offlineDigest: (db: FoyerDatabase) => observeLocal<DigestDoc>(db, LOCAL_DIGEST),
} as const;

export const DIGEST_WRITES = {
  dismissDigest: (db: FoyerDatabase) => dismissDigest(db),
} as const;

/** Collects the digest in a signed-in run (workers/caches.ts hands it to the engine). */
export const DIGEST_RUN_TASK: RunTaskFactory = (host) => new DigestTask(host);
