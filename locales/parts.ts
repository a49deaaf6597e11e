/**
 * Each language ships in two parts (vite.config.ts builds them from the one file per language):
 * the sections the first screen and the shell around every screen use, and the sections of the
 * screens people open later, which load after the first paint and before any such screen draws
 * (src/ui/texts.ts). The first part was a sixth of the first route's JavaScript with all of it.
 *
 * A section not named here goes with the first part, so a new one can only cost bytes, never show
 * a key. tests/unit/locale-parts.test.ts checks that nothing the first route imports uses a later
 * section.
 */
export const LATER_SECTIONS: readonly string[] = [
  'admin',
  'browse',
  'checkin',
  'companies',
  'discussions',
  'door',
  'favorites',
  'general',
  'live',
  'login',
  'myEvents',
  'orders',
  'organiser',
  'place',
  'referrals',
  'sales',
  'ticketDesign',
  'tickets',
  'trips',
  'ui',
  'userEvents',
  'video',
  'videoFrame',
  'visitors',
  'widget',
  'zones',
];

export type LocalePart = 'first' | 'later';

/** The sections of one part of a language's texts. */
export function localePart(texts: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  const later = new Set(LATER_SECTIONS);
  return Object.fromEntries(Object.entries(texts).filter(([section]) => later.has(section) === (part === 'later')));
}
