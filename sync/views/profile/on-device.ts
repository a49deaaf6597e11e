import { LOCALES, type Locale } from '../../../contract/constants.ts';
import type { ProfilePatch } from '../../../contract/visitors.ts';
import { cacheSource, legacyGet } from '../../store/caches.ts';
import { applyProfilePatch, toOwnProfile, toStatusTypes } from './profile.ts';

/**
 * The profile's read-through caches (sync/store/caches.ts), merged with every area's in
 * workers/caches.ts:
 *
 * - own_profile: GET /api/profile/lite, the signed-in user's profile with the fields only they see
 *   (email, birth year, the four privacy switches). The visitors documents carry the user's own
 *   phone and email too, but neither the switches nor anything for a user who takes part in no
 *   event, so the profile screens read this one and fall back to the own visitors document. The
 *   user's applied edits are folded in at once (an answer fetched before an edit is asked again).
 * - status_types:<locale>: GET /profile/getStatusTypes?lang=, the show_status labels.
 */
export const PROFILE_CACHES = {
  own_profile: cacheSource({
    needsUser: true,
    fetch: async (http, _arg, signal) => toOwnProfile(await legacyGet(http, '/api/profile/lite', signal)),
    folds: { kind: 'profile.update', fold: (profile, payload) => applyProfilePatch(profile, payload as ProfilePatch) },
  }),
  status_types: cacheSource({
    needsUser: false,
    takes: (arg): arg is Locale => (LOCALES as readonly string[]).includes(arg),
    fetch: async (http, locale, signal) => toStatusTypes(await legacyGet(http, `/profile/getStatusTypes?lang=${encodeURIComponent(locale)}`, signal)),
  }),
} as const;
