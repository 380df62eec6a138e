/**
 * How a buyer's words become what search looks for (issue 34): the words as typed, the same words with
 * each name from the synonym table replaced by what the shop's products call it ("titus" → "mackerel"),
 * and the words run together ("stock fish" → "stockfish"). Pure: the admin form checks names with it too.
 */

export interface Synonym {
  term: string;
  means: string;
}

/** At most this many phrases are looked for: each is one more LIKE on the trigram index. */
export const MAX_SEARCH_PHRASES = 8;

/** Lower case, letters and digits only, single spaces: how a name is stored and compared. */
export function searchWords(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The term as a whole word (or words) of a phrase: "eja" in "eja kika", never in "ejaculate". */
const wholeWords = (term: string) => new RegExp(`(^| )${escapeRegExp(term)}(?= |$)`, 'g');

/**
 * The phrases to look for, the buyer's own first (lower-cased as typed, punctuation kept). Each synonym
 * found in the words adds a phrase with it replaced; words typed apart add a phrase with them together.
 */
export function searchPhrases(typed: string, synonyms: readonly Synonym[]): string[] {
  const phrases = new Set<string>();
  const own = typed.toLowerCase().trim();
  if (own) phrases.add(own);
  // The typed words themselves are looked for as typed ("50%" stays "50%"): only a name replaced or words
  // run together add a phrase.
  const words = searchWords(typed);
  if (!words) return [...phrases];
  for (const { term, means } of synonyms) {
    const pattern = wholeWords(term);
    if (pattern.test(words)) phrases.add(words.replace(pattern, (_m, before: string) => `${before}${means}`));
  }
  if (words.includes(' ')) phrases.add(words.replace(/ /g, ''));
  return [...phrases].slice(0, MAX_SEARCH_PHRASES);
}

/**
 * Runs of letters this long or longer are in the word list (db: search_words, migration 0030): letters
 * only, so the numbers of a large catalogue ("batch 12345") do not make it as long as the catalogue.
 */
export const LISTED_WORD_LENGTH = 4;

/**
 * The runs of letters in a phrase that the word list can vouch for: a phrase can only be in a product's
 * text if each of these is part of one of its runs of letters.
 */
export function listedRuns(phrase: string): string[] {
  return phrase.match(new RegExp(`[a-z]{${LISTED_WORD_LENGTH},}`, 'g')) ?? [];
}
