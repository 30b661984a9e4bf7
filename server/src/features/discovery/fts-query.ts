/**
 * Builds FTS5 MATCH expressions from user input and filter tokens. User words never reach FTS5 as
 * syntax: each is split on what the `unicode61` tokenizer treats as separators and quoted, so
 * `AND`, `"`, `*`, `:` or `NEAR(` are plain words and no input can raise an FTS syntax error.
 */

/** More words than this add little to a search box query and only cost time. */
export const MAX_QUERY_WORDS = 8;

/**
 * The words of a free-text query, as the tokenizer would cut them (letters and digits; everything
 * else separates). Empty when the query holds no word (only punctuation).
 * @example queryWords('  Senior-care, "home" ') // ['Senior', 'care', 'home']
 */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

/**
 * The text part of a MATCH expression: every word must occur in one of `columns`, the last one as
 * a prefix (typing "sen" finds "senior"). Null when there is no word.
 * @example textExpression(['senior', 'ca'], ['bio']) // '{bio} : ("senior" "ca"*)'
 */
export function textExpression(words: string[], columns: readonly string[]): string | null {
  if (words.length === 0) return null;
  const phrases = words.map(
    (w, i) => `"${w.replaceAll('"', '""')}"${i === words.length - 1 ? '*' : ''}`,
  );
  return `{${columns.join(' ')}} : (${phrases.join(' ')})`;
}

/**
 * The same text as one expression per word, in order: the phrases of `textExpression`, each on
 * its own (FTS5 ranks a conjunction of phrases by the sum of each phrase's bm25 term).
 * @example textPhrases(['senior', 'ca'], ['bio']) // ['{bio} : ("senior")', '{bio} : ("ca"*)']
 */
export function textPhrases(words: string[], columns: readonly string[]): string[] {
  return words.map(
    (w, i) =>
      `{${columns.join(' ')}} : ("${w.replaceAll('"', '""')}"${i === words.length - 1 ? '*' : ''})`,
  );
}

/**
 * One filter as a tag-column expression: any of the tokens (OR within a filter).
 * @example tagExpression(['i3', 'i7']) // '{tags} : (i3 OR i7)'
 */
export function tagExpression(tokens: readonly string[]): string | null {
  if (tokens.length === 0) return null;
  return `{tags} : (${tokens.join(' OR ')})`;
}

/**
 * Joins parts with AND (AND across filters); null when nothing constrains the FTS side.
 * @example matchExpression(['{bio} : ("x"*)', '{tags} : (i3)']) // '{bio} : ("x"*) AND {tags} : (i3)'
 */
export function matchExpression(parts: (string | null)[]): string | null {
  const present = parts.filter((p): p is string => p !== null);
  return present.length === 0 ? null : present.join(' AND ');
}
