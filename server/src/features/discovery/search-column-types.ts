// The shapes search-columns.ts parses and ranked-list.ts caches, apart so that the two modules
// import each other in one direction only (search-columns.ts uses ranked lists).

/**
 * The rows matching one FTS5 phrase: rowids ascending, and per row the phrase's bm25 term (the
 * negated bm25 of the phrase matched alone). FTS5's bm25 of several phrases is `-1 × (0 + t₁ + t₂ …)`
 * in phrase order, each `tᵢ` depending only on the phrase and the row (its IDF counts the whole
 * table), so any combination of cached phrases is ranked by a merge, exactly as one MATCH would.
 */
export interface PhraseList {
  readonly epoch: number;
  readonly rids: Int32Array;
  readonly terms: Float64Array;
}

/** A bitset over rowids: bit `rid & 31` of word `rid >> 5`. */
export type RowBits = Uint32Array;

/** The filter columns of the visible rows of a projection. */
export interface SearchColumns {
  readonly epoch: number;
  /** The visible rows. */
  readonly visible: RowBits;
  /** One value per rowid for each numeric column the side asks for (NaN: NULL, or not visible). */
  readonly numbers: Float64Array[];
  /** The rows holding each tag token (as the FTS `tags` column holds them). */
  readonly tags: Map<string, RowBits>;
}
