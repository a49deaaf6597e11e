/**
 * Intl formatters are costly to build: a chat of 200 comments that builds one per message spent most
 * of its route change there (bench:browser-routes). One per locale and options, kept for the session.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** "HH:mm" of a unix time in the given language, in the timezone given or the device's. */
export function clockTime(locale: string, unixSeconds: number, timeZone?: string): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(unixSeconds * 1000));
}
