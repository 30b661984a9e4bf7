import { describe, expect, it } from 'vitest';
import { matchExpression, queryWords, tagExpression, textExpression } from './fts-query.ts';

describe('queryWords', () => {
  it('cuts on what is not a letter or digit, as unicode61 does', () => {
    expect(queryWords('  Senior-care, "home" ')).toEqual(['Senior', 'care', 'home']);
    expect(queryWords('Québec 2024')).toEqual(['Québec', '2024']);
  });

  it('finds no word in punctuation, FTS syntax or nothing', () => {
    expect(queryWords('"*(:)-^')).toEqual([]);
    expect(queryWords('')).toEqual([]);
    expect(queryWords(undefined)).toEqual([]);
  });

  it('keeps operators as plain words and bounds the count', () => {
    expect(queryWords('NEAR(a b) AND OR NOT')).toEqual(['NEAR', 'a', 'b', 'AND', 'OR', 'NOT']);
    expect(queryWords('a b c d e f g h i j k')).toHaveLength(8);
  });
});

describe('MATCH expressions', () => {
  it('quotes every word and makes the last one a prefix, within the text columns', () => {
    expect(textExpression(['senior', 'ca'], ['bio', 'company'])).toBe(
      '{bio company} : ("senior" "ca"*)',
    );
    expect(textExpression([], ['bio'])).toBeNull();
  });

  it('ORs the values of one filter and ANDs the filters', () => {
    expect(tagExpression(['i3', 'i7'])).toBe('{tags} : (i3 OR i7)');
    expect(tagExpression([])).toBeNull();
    expect(matchExpression([null, '{tags} : (i3)', null, '{tags} : (r0)'])).toBe(
      '{tags} : (i3) AND {tags} : (r0)',
    );
    expect(matchExpression([null])).toBeNull();
  });
});
