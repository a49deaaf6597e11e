/**
 * Small pure helpers shared by the people, visitors and profile screens.
 */

/** Up to two initials, for the avatar drawn when the picture cannot be loaded. */
export function initialsOf(first: string, last: string): string {
  const letters = [first, last].map((w) => w.trim()[0] ?? '').join('');
  return letters.toUpperCase() || '?';
}

/** Only web links are rendered as links: a stored value may be a bare handle or anything else. */
export function socialHref(network: string, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v)) return v;
  if (/[\s<>"'`]/.test(v) || v.includes('..')) return null;
  const handle = v.replace(/^@/, '');
  const bases: Record<string, string> = {
    facebook: 'https://www.facebook.com/',
    twitter: 'https://twitter.com/',
    linkedin: 'https://www.linkedin.com/in/',
    vk: 'https://vk.com/',
    instagram: 'https://www.instagram.com/',
    telegram: 'https://t.me/',
    odn: 'https://ok.ru/',
  };
  const base = bases[network];
  return base ? `${base}${encodeURIComponent(handle)}` : null;
}

/** The text of a block that may be empty: the spec shows a dash then. */
export function orDash(text: string | null | undefined): string {
  const t = (text ?? '').trim();
  return t || '—';
}
