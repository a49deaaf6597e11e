import type { VisitorDoc } from '../../../contract/visitors.ts';

/**
 * "People you should meet" at an event (issue 31), computed on the device from the visitor
 * documents it already holds, so it works in a hall with no signal. Nobody the server would not
 * show the user is on the device (hidden profiles come as tombstones), so nobody hidden is ever
 * suggested; the user's own document says what they look for and what they offer.
 *
 * The match is between words: what one side looks for ("I'm looking for", their wish for this
 * event) against what the other says of themselves (about me, position, company, their words for
 * this event), both ways, plus interests they share. Words are compared by their first letters,
 * which is enough for the endings of Ukrainian, Russian, Polish and English ("інвестор" and
 * "інвесторів", "investor" and "investors") without a dictionary.
 */

/** Why a person is suggested: the word of theirs that answers the user's wish, or the other way round. */
export type SuggestionReason = { kind: 'theyOffer'; word: string } | { kind: 'theyLookFor'; word: string } | { kind: 'interests'; ids: number[] };

export interface Suggestion {
  doc: VisitorDoc;
  reasons: SuggestionReason[];
  score: number;
}

/** What the screen shows of a suggestion: the person's card and the reasons, nothing more crosses to the page. */
export interface SuggestedPerson {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  position: string;
  company: string;
  reasons: SuggestionReason[];
}

export function toSuggestedPerson({ doc, reasons }: Suggestion): SuggestedPerson {
  return {
    user_id: doc.user_id,
    first_name: doc.first_name,
    last_name: doc.last_name,
    avatar: doc.avatar,
    position: doc.position,
    company: doc.company,
    reasons,
  };
}

/** Letters a word is compared by; shorter words must match whole. */
const STEM = 5;
/** Words shorter than this say too little to match on ("and", "для", "the"). */
const MIN_WORD = 4;
/** Common words of the four languages that are long enough to pass MIN_WORD but mean nothing here. */
const STOP = new Set(
  ['looking', 'people', 'event', 'about', 'with', 'from', 'that', 'this', 'шукаю', 'людей', 'людьми', 'цікаво', 'интересно', 'szukam', 'ludzi'].map((w) =>
    stemOf(w),
  ),
);

function stemOf(word: string): string {
  return word.length > STEM ? word.slice(0, STEM) : word;
}

/** The distinct words of a text as stems, each with the first way it was written (for the reason). */
export function wordsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < MIN_WORD) continue;
    const stem = stemOf(raw);
    if (STOP.has(stem) || out.has(stem)) continue;
    out.set(stem, raw);
  }
  return out;
}

export interface Profile {
  wants: Map<string, string>;
  offers: Map<string, string>;
  interests: Set<number>;
}

function profileOf(doc: VisitorDoc): Profile {
  return {
    wants: wordsOf(`${doc.help} ${doc.interest}`),
    offers: wordsOf(`${doc.status} ${doc.about} ${doc.position} ${doc.company}`),
    interests: new Set(
      doc.hobby
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  };
}

/** The first word of `wants` that `offers` has, as the person who offers it wrote it. */
function firstMatch(wants: Map<string, string>, offers: Map<string, string>): string | null {
  for (const stem of wants.keys()) {
    const word = offers.get(stem);
    if (word) return word;
  }
  return null;
}

/**
 * The people to suggest to `me`, best first: someone who offers what the user looks for weighs
 * most, then someone who looks for what the user offers, then shared interests. People the user
 * already meets (`skip`) and the user themselves are left out; a person with no reason is never
 * suggested. Profiles are read once per document version (`cache`), as a first sync of a large
 * event sends the list again with every batch.
 */
export function suggestPeople(
  me: VisitorDoc,
  others: readonly VisitorDoc[],
  opts: { skip?: ReadonlySet<number>; limit: number; cache?: Map<string, { rev: number; profile: Profile }> },
): Suggestion[] {
  const mine = profileOf(me);
  const cache = opts.cache ?? new Map<string, { rev: number; profile: Profile }>();
  const found: Suggestion[] = [];
  for (const doc of others) {
    if (doc.user_id === me.user_id || opts.skip?.has(doc.user_id)) continue;
    let kept = cache.get(doc.id);
    if (!kept || kept.rev !== doc.rev) {
      kept = { rev: doc.rev, profile: profileOf(doc) };
      cache.set(doc.id, kept);
    }
    const theirs = kept.profile;
    const reasons: SuggestionReason[] = [];
    let score = 0;
    const offered = firstMatch(mine.wants, theirs.offers);
    if (offered) {
      reasons.push({ kind: 'theyOffer', word: offered });
      score += 3;
    }
    const wanted = firstMatch(theirs.wants, mine.offers);
    if (wanted) {
      reasons.push({ kind: 'theyLookFor', word: wanted });
      score += 2;
    }
    const shared = [...theirs.interests].filter((id) => mine.interests.has(id)).sort((a, b) => a - b);
    if (shared.length) {
      reasons.push({ kind: 'interests', ids: shared });
      score += shared.length * 0.5;
    }
    if (score > 0) found.push({ doc, reasons, score });
  }
  // Ties go to who registered last, as the people lists order them, then to the lower id, so the order is stable.
  found.sort((a, b) => b.score - a.score || b.doc.registered_at - a.doc.registered_at || a.doc.user_id - b.doc.user_id);
  return found.slice(0, opts.limit);
}
