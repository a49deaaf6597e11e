import type { ReactNode } from 'react';

/**
 * Plain text with its web addresses as links, for text other people wrote (an event's
 * description). Nothing in it is ever markup: the text is split into strings and <a> elements,
 * which React escapes. Only absolute http(s) addresses become links, checked with the browser's
 * own URL parser, so "javascript:" and the like stay text; the links open in a new tab without
 * giving the page they open a handle on this one.
 */
const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}]+$/;

export function linkParts(text: string): ({ text: string } | { href: string; text: string })[] {
  const out: ({ text: string } | { href: string; text: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(ADDRESS)) {
    const raw = m[0].replace(TRAILING, '');
    const start = m.index ?? 0;
    let href: string | null = null;
    try {
      const url = new URL(raw);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ href, text: raw });
    last = start + raw.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

export function LinkifiedText({ text, className }: { text: string; className?: string }): ReactNode {
  return (
    <p className={className}>
      {linkParts(text).map((part, i) =>
        'href' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text have no identity but their place, and the list is rebuilt whole
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
