import { ADMIN_CACHES } from '../sync/views/admin/on-device.ts';
import { CALENDAR_CACHES } from '../sync/views/calendar/on-device.ts';
import { CONTACT_CACHES } from '../sync/views/contacts/on-device.ts';
import { LEAD_CACHES } from '../sync/views/leads/on-device.ts';
import { PEOPLE_CACHES } from '../sync/views/people/on-device.ts';
import { PROFILE_CACHES } from '../sync/views/profile/on-device.ts';
import { REFERRAL_CACHES } from '../sync/views/referrals/on-device.ts';
import type { CacheDataOf, CacheKeyOf, CacheSources } from '../sync/store/caches.ts';
import type { RunTaskFactory } from '../sync/engine/run-task.ts';
import { CHAT_RUN_TASK } from '../sync/views/chat/on-device.ts';
import { DIGEST_RUN_TASK } from '../sync/views/digest/on-device.ts';

/**
 * Every read-through cache of a legacy call, merged from the areas' declarations
 * (sync/views/<area>/on-device.ts) the way workers/queries.ts merges their live reads. The sync
 * engine is given this list (workers/host.ts); the page names a key of it and reads the answer
 * with useCacheEntry. tests/unit/device-reads.test.ts checks that no two areas take one name.
 */
export const CACHES = {
  ...PROFILE_CACHES,
  ...PEOPLE_CACHES,
  ...CALENDAR_CACHES,
  ...REFERRAL_CACHES,
  ...CONTACT_CACHES,
  ...LEAD_CACHES,
  ...ADMIN_CACHES,
} as const satisfies CacheSources;

export type Caches = typeof CACHES;
/** `own_profile`, `people:visitors`, `admin_people:42`…: what the page may ask the engine to keep. */
export type CacheKey = CacheKeyOf<Caches>;
export type CacheData<K extends string> = CacheDataOf<Caches, K>;

/** The areas' work for a signed-in run (sync/engine/run.ts RunTask), given to the engine with the caches. */
export const RUN_TASKS: readonly RunTaskFactory[] = [CHAT_RUN_TASK, DIGEST_RUN_TASK];
