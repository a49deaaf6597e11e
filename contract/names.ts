/**
 * People's names as every entry point stores them (profile.update, the legacy profile save, the
 * seed, scripts/account.ts, the sign-up to come) and as the device shows a queued edit.
 *
 * A name is shown to other people beside chat messages, on badges and in visitor lists, so it must
 * not be able to pretend to be something else. Bidi controls make `\u202EnimdA` read "Admin";
 * zero-width and other invisible characters make a name that looks empty or identical to
 * somebody else's; a stack of combining marks spills over the lines around it. None of these is
 * ever part of a real name, so they are removed rather than refused, and what remains must still
 * hold a letter or a digit.
 */

/**
 * Removed outright: controls (Cc, which includes NUL), format characters (Cf: the bidi embeddings,
 * overrides, isolates and marks, U+061C, zero-width space, joiners, word joiner, BOM, soft hyphen,
 * tag characters, invisible operators) and lone surrogates (Cs), plus characters of other
 * categories that render as nothing: the Hangul fillers, the braille blank, the combining
 * grapheme joiner, variation selectors, the Khmer inherent vowels and the Mongolian free variation
 * selectors. The combining marks among them stand apart from the class: each matches alone, not
 * as part of a character before it.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/gu;
/** Every kind of space and line break becomes one plain space. */
const SPACES = /[\s\p{Zs}\u2028\u2029]+/gu;
/**
 * Scripts that stack marks (Vietnamese, Thai, Devanagari, Hebrew with points) use a few per
 * letter; more than this is the "Zalgo" trick of drawing over the lines above and below.
 */
export const NAME_MAX_MARKS_PER_LETTER = 4;
const MARK_RUNS = new RegExp(`(\\p{M}{${NAME_MAX_MARKS_PER_LETTER}})\\p{M}+`, 'gu');
const VISIBLE = /[\p{L}\p{N}]/u;

/** The name as it is stored: NFC, without invisible characters, spaces collapsed, trimmed. */
export function cleanName(raw: string): string {
  const stripped = raw.normalize('NFC').replace(SPACES, ' ').replace(INVISIBLE, '').replace(MARK_RUNS, '$1').replace(/ {2,}/g, ' ').trim();
  // Removing a character can bring a letter and its mark together, which NFC then composes.
  return stripped.normalize('NFC');
}

/** What is wrong with a name field, as the error code the server answers and the client translates. */
export type NameProblem = 'invalid_name';

export interface NameRules {
  /** The first name is required; the last name may be empty. */
  required: boolean;
  /** Length after cleaning (PROFILE_LIMITS.name for profiles). */
  max: number;
}

/**
 * Cleans a name and checks it: the cleaned value, or the problem. A name must hold at least one
 * letter or digit once cleaned, which refuses names made only of spaces, invisible characters,
 * marks or punctuation; an optional name may be empty instead.
 */
export function checkName(raw: string, rules: NameRules): { ok: true; value: string } | { ok: false; code: NameProblem } {
  const value = cleanName(raw);
  if (value === '' && !rules.required) return { ok: true, value };
  if (!VISIBLE.test(value) || value.length > rules.max) return { ok: false, code: 'invalid_name' };
  return { ok: true, value };
}
