/**
 * A stand's website as exhibitors type it ("acme.com", "https://acme.com/"). Only http(s) links
 * are followed: anything else (javascript:, mailto: typed by mistake) is shown as text only.
 */
export function websiteHref(link: string): string | null {
  const text = link.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** What the link reads as: the host and path without the scheme and a trailing slash. */
export function websiteLabel(link: string): string {
  return link
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '');
}
