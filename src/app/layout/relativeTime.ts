export interface RelativeParts {
  value: number;
  unit: Intl.RelativeTimeFormatUnit;
}

/**
 * The largest whole unit for a past moment, for "synced 3 minutes ago". Under a minute it says
 * "now": a sync status ticking through seconds draws the eye for no reason.
 */
export function relativeParts(thenMs: number, nowMs: number): RelativeParts {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 60) return { value: 0, unit: 'second' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { value: -minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: -hours, unit: 'hour' };
  return { value: -Math.floor(hours / 24), unit: 'day' };
}

/** One formatter per language: the people list formats a time per row, and building one costs more than the row. */
const formatters = new Map<string, Intl.RelativeTimeFormat>();

export function formatRelative(thenMs: number, nowMs: number, locale: string): string {
  const { value, unit } = relativeParts(thenMs, nowMs);
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(locale, f);
  }
  return f.format(value, unit);
}
