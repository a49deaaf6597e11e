/**
 * Each language ships in two parts (vite.config.ts builds them from the one file per language):
 * the sections the first screen and the shell around every screen use, and the sections of the
 * screens people open later, which load after the first paint and before any such screen draws
 * (src/ui/texts.ts). The first part was a sixth of the first route's JavaScript with all of it.
 *
 * The sections in SERVER_SECTIONS go in neither: the words of Foyer's emails and the ticket PDF are
 * written by the server (server/mail/texts.ts) and no screen shows them.
 *
 * A section not named here goes with the first part, so a new one can only cost bytes, never show
 * a key. tests/unit/locale-parts.test.ts checks that nothing the first route imports uses a later
 * section.
 */
export const LATER_SECTIONS: readonly string[] = [
  'admin',
  'browse',
  'checkin',
  'checkinLists',
  'companies',
  'contacts',
  'discussions',
  'door',
  'favorites',
  'general',
  'leads',
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

/** Sections only the server reads: they never ship to the page. */
export const SERVER_SECTIONS: readonly string[] = ['mail'];

export type LocalePart = 'first' | 'later';

/** The sections of one part of a language's texts. */
export function localePart(texts: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  const later = new Set(LATER_SECTIONS);
  const server = new Set(SERVER_SECTIONS);
  return Object.fromEntries(Object.entries(texts).filter(([section]) => !server.has(section) && later.has(section) === (part === 'later')));
}
