import { flagUrl } from './flags.ts';

/** A country's flag as a small picture; decorative, as the country's name is written beside it or said elsewhere. */
export function Flag({ code, className }: { code: string | null | undefined; className?: string }) {
  const src = flagUrl(code);
  if (!src) return null;
  return <img className={className ? `flag ${className}` : 'flag'} src={src} alt="" width={21} height={14} loading="lazy" decoding="async" />;
}
