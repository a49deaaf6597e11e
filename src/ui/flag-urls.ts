/**
 * Country flags as pictures that ship with the app (country-flag-icons, 3:2 SVGs), not emoji: on a
 * device without an emoji font a flag emoji is two empty boxes. Each flag is its own file under
 * /assets/flags/ (vite.config.ts keeps them out of the bundle and out of the precache); the service
 * worker caches the few a user meets as they are shown, like avatars.
 *
 * The table of their hashed names is itself about 5 KiB gzip, so it is a chunk of its own that
 * Flag.tsx loads when it first draws a flag, not part of the first route.
 */
const FLAGS = import.meta.glob<string>('/node_modules/country-flag-icons/3x2/*.svg', { query: '?url', import: 'default', eager: true });

const byCode = new Map<string, string>();
for (const [path, url] of Object.entries(FLAGS)) {
  const code = path.slice(path.lastIndexOf('/') + 1, -'.svg'.length);
  byCode.set(code, url);
}

/** The flag picture of an ISO 3166 alpha-2 code, or null for a code without one. */
export function flagUrl(countryCode: string | null | undefined): string | null {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  return byCode.get(code) ?? null;
}
