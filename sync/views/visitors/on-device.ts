import type { FoyerDatabase } from '../../engine/database.ts';
import { observeOwnProfile, observePersonDocs, observeRelationViews } from './store.ts';

/**
 * The live reads of people: the relations (liked, met), the user's own profile and another
 * person's documents, as the worker serves them to the page by name (workers/queries.ts merges
 * every area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const VISITOR_READS = {
  relations: (db: FoyerDatabase) => observeRelationViews(db),
  ownProfile: (db: FoyerDatabase) => observeOwnProfile(db),
  person: (db: FoyerDatabase, userId: number) => observePersonDocs(db, userId),
} as const;
