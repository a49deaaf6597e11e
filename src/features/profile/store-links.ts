/**
 * The mobile app's store pages on the profile's app card. A deployment sets its listings when it
 * builds the app (`VITE_APP_STORE_URL`, `VITE_GOOGLE_PLAY_URL`: README, Configuration): the card is
 * part of the precached shell, so it shows them offline too. Unset, or anything but an https
 * address, the links open the stores' search for the app.
 */
const FALLBACK = {
  appStore: 'https://apps.apple.com/search?term=Foyer',
  googlePlay: 'https://play.google.com/store/search?q=Foyer&c=apps',
} as const;

export function storeLink(configured: string | undefined, fallback: string): string {
  const value = configured?.trim();
  if (!value) return fallback;
  try {
    return new URL(value).protocol === 'https:' ? value : fallback;
  } catch {
    return fallback;
  }
}

export const STORE_LINKS = {
  appStore: storeLink(import.meta.env.VITE_APP_STORE_URL as string | undefined, FALLBACK.appStore),
  googlePlay: storeLink(import.meta.env.VITE_GOOGLE_PLAY_URL as string | undefined, FALLBACK.googlePlay),
} as const;
