import { describe, expect, it } from 'vitest';
import {
  keepPassing,
  type PhraseList,
  parseColumns,
  parsePhrase,
  type RowFilter,
  rankByPhrases,
  scoreGroups,
} from './search-columns.ts';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** `n` rows out of 0..4n with terms from a few values (many ties, as FTS5 scores have). */
function phrase(n: number, seed: number): PhraseList {
  const next = random(seed);
  const rids: number[] = [];
  for (let rid = 0; rids.length < n; rid += 1) if (next() < 0.25) rids.push(rid);
  const terms = rids.map(() => Math.floor(next() * 40) / 7 + 1e-6);
  return { epoch: 1, rids: Int32Array.from(rids), terms: Float64Array.from(terms) };
}

function filterOf(maxRid: number, share: number, seed: number, values?: Float64Array): RowFilter {
  const next = random(seed);
  const bits = new Uint32Array((maxRid >> 5) + 1);
  let count = 0;
  for (let rid = 0; rid <= maxRid; rid += 1) {
    if (next() < share) {
      bits[rid >> 5] = (bits[rid >> 5] ?? 0) | (1 << (rid & 31));
      count += 1;
    }
  }
  return { bits, count, bounds: values ? [{ values, min: 0.2, max: 0.7 }] : [] };
}

const passes = (f: RowFilter, rid: number) =>
  rid >> 5 < f.bits.length &&
  (((f.bits[rid >> 5] ?? 0) >>> (rid & 31)) & 1) === 1 &&
  f.bounds.every((b) => (b.values[rid] ?? Number.NaN) >= b.min && (b.values[rid] ?? 0) <= b.max);

describe('rankByPhrases', () => {
  it('orders by the summed terms, negated, then rowid, keeping rows in every phrase that pass', () => {
    const [a, b] = [phrase(4000, 1), phrase(3000, 2)] as [PhraseList, PhraseList];
    const inB = new Map(Array.from(b.rids, (rid, i) => [rid, b.terms[i] ?? 0]));
    const filter = filterOf(20_000, 0.5, 3);
    const expected = Array.from(a.rids, (rid, i) => ({ rid, t: a.terms[i] ?? 0 }))
      .filter(({ rid }) => inB.has(rid) && passes(filter, rid))
      .map(({ rid, t }) => ({ rid, score: -1 * (0 + t + (inB.get(rid) ?? 0)) }))
      .sort((x, y) => x.score - y.score || x.rid - y.rid)
      .map(({ rid }) => rid);
    expect(expected.length).toBeGreaterThan(100);
    expect(Array.from(rankByPhrases([a, b], filter))).toEqual(expected);
    expect(Array.from(rankByPhrases([b, a], filter))).toEqual(expected);
  });
});

describe('keepPassing', () => {
  it('keeps the passing rows in the list’s order, walking, placing by position or by score group', () => {
    const p = phrase(40_000, 5);
    const order = rankByPhrases([p], null);
    const maxRid = Math.max(...order);
    const positions = () => {
      const at = new Int32Array(maxRid + 1).fill(-1);
      order.forEach((rid, i) => {
        at[rid] = i;
      });
      return at;
    };
    const values = Float64Array.from({ length: maxRid + 1 }, (_, i) =>
      i % 11 === 0 ? Number.NaN : ((i * 7919) % 1000) / 1000,
    );
    const groups = scoreGroups(p);
    expect(groups.count).toBeLessThan(100);
    for (const [share, bounded] of [
      [0.01, false],
      [0.02, true],
      [0.6, true],
    ] as const) {
      const filter = filterOf(maxRid + 100, share, 9, bounded ? values : undefined);
      const expected = Array.from(order).filter((rid) => passes(filter, rid));
      expect(expected.length).toBeGreaterThan(10);
      expect(Array.from(keepPassing(order, positions, filter)), `${share}`).toEqual(expected);
      expect(Array.from(keepPassing(order, positions, filter, groups)), `${share}`).toEqual(
        expected,
      );
    }
  });
});

describe('parsing a thread’s row', () => {
  it('reads phrase terms back exactly, sorted by rowid, and columns with NULLs and tag tokens', () => {
    const terms = [-1.3915384369074561e-6, -0.25, -9.770151298545106e-7];
    const list = parsePhrase(3, '9,2,5', terms.map((t) => t.toPrecision(17)).join(','));
    expect(Array.from(list.rids)).toEqual([2, 5, 9]);
    expect(Array.from(list.terms)).toEqual([0.25, 9.770151298545106e-7, 1.3915384369074561e-6]);
    const columns = parseColumns(4, '3,40,7', ['1500,,90'], 'i3 r0 E5,,i3 g2');
    expect(columns.numbers[0]?.[3]).toBe(1500);
    expect(columns.numbers[0]?.[40]).toBeNaN();
    expect(columns.numbers[0]?.[7]).toBe(90);
    const rows = (token: string) =>
      [3, 7, 40].filter((rid) => ((columns.tags.get(token)?.[rid >> 5] ?? 0) >>> (rid & 31)) & 1);
    expect(rows('i3')).toEqual([3, 7]);
    expect(rows('e5')).toEqual([3]);
    expect(rows('g2')).toEqual([7]);
    expect([3, 7, 40].every((rid) => ((columns.visible[rid >> 5] ?? 0) >>> (rid & 31)) & 1)).toBe(
      true,
    );
  });
});
