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

let deviceZone: { name: string; at: number } | null = null;
/** A device that travels changes its zone; asked again after this long. */
const DEVICE_ZONE_KEPT_MS = 60_000;

/** The device's own time zone (IANA name), or '' where the browser does not say. */
export function deviceTimeZone(): string {
  const now = Date.now();
  if (deviceZone && now - deviceZone.at < DEVICE_ZONE_KEPT_MS) return deviceZone.name;
  let name = '';
  try {
    name = new Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    // Left empty: the caller shows times without a zone label.
  }
  deviceZone = { name, at: now };
  return name;
}

/** "GMT+1", the zone's offset from UTC at that moment; '' for a zone the browser does not know. */
export function zoneOffset(timeZone: string, atMs: number): string {
  try {
    const parts = dateFormat('en', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(new Date(atMs));
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** "GMT+1, Europe/Warsaw": the offset, which people compare, and the name, which says whose it is. */
export function zoneLabel(timeZone: string, atMs: number): string {
  const offset = zoneOffset(timeZone, atMs);
  return offset ? `${offset}, ${timeZone}` : timeZone;
}

/**
 * Whether times shown in the event's zone and times shown in the device's read differently at that
 * moment. Two names with the same offset (Kyiv and Helsinki) show the same clock, so they need no
 * labels; an unknown zone is taken as different rather than risk an unlabelled mix.
 */
export function zonesDiffer(eventZone: string, deviceZone: string, atMs: number): boolean {
  if (!eventZone || !deviceZone || eventZone === deviceZone) return false;
  const a = zoneOffset(eventZone, atMs);
  const b = zoneOffset(deviceZone, atMs);
  return !a || !b || a !== b;
}
