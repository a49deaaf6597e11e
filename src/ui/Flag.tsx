import { useSyncExternalStore } from 'react';

type FlagUrl = (countryCode: string | null | undefined) => string | null;

/** flag-urls.ts once loaded; until then flags are not drawn (they are decoration beside a name). */
let lookup: FlagUrl | null = null;
let requested = false;
const waiting = new Set<() => void>();

function subscribe(changed: () => void): () => void {
  waiting.add(changed);
  if (requested) return () => waiting.delete(changed);
  requested = true;
  import('./flag-urls.ts').then(
    (m) => {
      lookup = m.flagUrl;
      for (const w of waiting) w();
    },
    () => {
      // A failed chunk (offline before the service worker cached it): try again on the next flag.
      requested = false;
    },
  );
  return () => waiting.delete(changed);
}

const current = () => lookup;

/** A country's flag as a small picture; decorative, as the country's name is written beside it or said elsewhere. */
export function Flag({ code, className }: { code: string | null | undefined; className?: string }) {
  const flagUrl = useSyncExternalStore(subscribe, current, current);
  const src = flagUrl?.(code) ?? null;
  if (!src) return null;
  return <img className={className ? `flag ${className}` : 'flag'} src={src} alt="" width={21} height={14} loading="lazy" decoding="async" />;
}
