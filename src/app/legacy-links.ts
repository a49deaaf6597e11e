import type { Locale } from '../../contract/constants.ts';
import { isLocale } from '../ui/locale.ts';

/**
 * The hash-mode variant's routes (events.md §2, networking.md §2), as the paths they are now:
 * myprofile and its sub-pages, user/{id}. Everything else (events/…, the home page) kept its path.
 */
const PROFILE_PAGES: Record<string, string> = {
  '': 'profile',
  default: 'profile',
  messages: 'profile/mymessages',
  appointments: 'profile/mymeeting',
  events: 'profile/myevents',
  tickets: 'profile/mytickets',
};

/**
 * Where an old link goes: `path` is what follows the domain or the `#` of a hash-mode link
 * (`/myprofile/messages?x=1`, `/en/user/5`). Returns the locale-prefixed address, or null when the
 * path is not one of the old routes. A locale in the link wins over `locale`.
 */
export function legacyTarget(path: string, locale: Locale): string | null {
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  const rest = cut < 0 ? '' : path.slice(cut);
  const segments = pathname.split('/').filter(Boolean);
  const lang = isLocale(segments[0]) ? (segments.shift() as Locale) : locale;
  const [head = '', ...tail] = segments;
  let target: string | null = null;
  if (head === 'myprofile' && tail.length <= 1) {
    const page = PROFILE_PAGES[tail[0] ?? ''];
    if (page) target = page;
  } else if (head === 'user' && tail.length === 1 && /^\d+$/.test(tail[0] ?? '')) target = `profiles/${tail[0]}`;
  return target ? `/${lang}/${target}${rest}` : null;
}

/** A hash-mode link's route (`#/myprofile`, `#!/events/5`), or null for an ordinary fragment. */
export function hashRoute(hash: string): string | null {
  const m = /^#!?(\/.*)$/.exec(hash);
  return m?.[1] ?? null;
}

/**
 * Where "/" with a hash-mode route goes: the old route's new path, or for routes that kept their
 * path (events/…) that path under the locale. Null when the hash is no route.
 */
export function rootHashTarget(hash: string, locale: Locale): string | null {
  const route = hashRoute(hash);
  if (route === null) return null;
  const known = legacyTarget(route, locale);
  if (known) return known;
  const first = route.split(/[/?#]/)[1] ?? '';
  if (isLocale(first)) return route;
  return `/${locale}${route === '/' ? '' : route}`;
}
