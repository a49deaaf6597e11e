/**
 * Where a login may send the user back to: only a path on this site. The server's
 * `/oauth/broadcast` and the PWA's login screen both use this one check, so they cannot disagree.
 *
 * Inspecting the text is not enough: browsers drop tabs and newlines anywhere in a URL, strip
 * leading control characters and spaces, read `\` as `/` and resolve `/./` and `/../`, so strings
 * like "/\t/evil.example" or "/.//evil.example" turn into another host. The value is therefore
 * resolved against the site's origin exactly as a browser would (WHATWG URL), the origins are
 * compared, and what is returned is the resolved path, re-serialised, which carries no control
 * character and no backslash. A path that still starts with two slashes after resolving would be a
 * protocol-relative URL to whoever reads it next, so it is refused too.
 */

/** Longer return targets are refused outright: no page of ours has one, and it bounds the work. */
export const RETURN_URL_MAX_CHARS = 2048;

/**
 * `value` resolved against `origin` (e.g. "https://foyer.example"), as a path with its query and
 * fragment, when it stays on that origin; `fallback` for anything else, including values that are
 * not strings, empty, too long or not URLs at all.
 */
export function safeReturnPath(value: unknown, origin: string, fallback: string): string {
  if (typeof value !== 'string' || value === '' || value.length > RETURN_URL_MAX_CHARS) return fallback;
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    url = new URL(value, site);
  } catch {
    return fallback;
  }
  // An opaque origin (javascript:, data:, a malformed host) serialises as "null" and never matches.
  if (site.origin === 'null' || url.origin !== site.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}
