/**
 * Text helpers shared by the request parser and the ranking index: one tokenizer and one light
 * stemmer, so that a word of the request and a word of a franchise's overview meet as the same key.
 */

/** A word of a text with its place in the original string. */
export interface Token {
  /** The word as written. */
  raw: string;
  /** Lower-cased, accents removed. */
  lower: string;
  /** `lower` lightly stemmed (plurals, -ing): the dictionary and index key. */
  stem: string;
  start: number;
  end: number;
  /** A separator that ends a phrase: `,` `;` `/` `.` `(` `)` `!` `?` and the like. */
  punct: boolean;
}

const ACCENTS = /[\u0300-\u036f]/g;
/** Words, numbers (with inner `.`), and separators; hyphens and apostrophes split words. */
const TOKEN = /[\p{L}\p{N}]+(?:['’][sS]\b)?|[,;/.()!?:&+]/gu;

export const foldAccents = (s: string) => s.normalize('NFD').replace(ACCENTS, '');

const DOUBLE_CONSONANT = /([b-df-hj-np-tv-z])\1$/;

/**
 * A light, predictable stemmer: possessives, plurals and a guarded `-ing`.
 * @example stem('restaurants') // 'restaurant'
 * @example stem('bakeries') // 'bakery'
 * @example stem('shipping') // 'ship'
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.endsWith("'s") || w.endsWith('’s')) w = w.slice(0, -2);
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is|ous)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length - 3 >= 4) {
    w = w.slice(0, -3);
    if (DOUBLE_CONSONANT.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  }
  return w;
}

/**
 * Splits a text into word and separator tokens with their offsets.
 * @example tokenize('Home-based care, TX').map((t) => t.stem) // ['home', 'based', 'care', ',', 'tx']
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const start = m.index;
    const punct = !/[\p{L}\p{N}]/u.test(raw);
    const lower = foldAccents(raw).toLowerCase();
    tokens.push({
      raw,
      lower,
      stem: punct ? lower : stem(lower),
      start,
      end: start + raw.length,
      punct,
    });
  }
  return tokens;
}

/** Stems of a phrase, joined by one space: the key of the lexicon. */
export const phraseKey = (phrase: string) =>
  tokenize(phrase)
    .filter((t) => !t.punct || t.raw === '&')
    .map((t) => (t.raw === '&' ? 'and' : t.stem))
    .join(' ');

/**
 * Words that carry no meaning for the search: grammar, and the words every franchise request
 * shares ("franchise", "business", "looking for"). Compared with stems.
 */
export const STOPWORDS = new Set(
  `a about above across after again against all also am an and any anything anywhere are around as
  at available be been before being best between both but buy by can could do does doing done
  each either else etc ever every for from get getting give go good great has had have having he her
  here high his how i if im in into is it its just know large let like look looking low made make
  many may me might more most much must my near need new no nor not now of off on one only open
  opportunity opportunities option or other our out over own owning owner ownership per please
  prefer preferably really run same see seek seeking she should show so some something start
  starting such than that the their them then there these they this those through to too top
  under up upon us very want wanted wanting was way we well were what when where which while who
  why will with within without would yet you your franchise franchises franchising franchisor
  franchisee brand business businesses company companies concept idea ideal invest investing
  investment investor money budget cash capital dollar dollars thing kind type sort lot area
  region state province country recommend recommendation suggest find help interested interest
  someone somewhere place spot location locale city town local nice cool fun easy simple cheap
  solid strong proven successful profitable profit ok okay hi hello hey thanks thank maybe
  perhaps yes friendly liquid unit ready willing able
  currently already person people`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => stem(w)),
);
