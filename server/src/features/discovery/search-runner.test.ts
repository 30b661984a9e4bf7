import { describe, expect, it } from 'vitest';
import { rankedListOf } from './ranked-list.ts';
import { keepMembers } from './search-runner.ts';

/** A seeded shuffle, so a failure can be replayed. */
function shuffled(values: number[], seed: number): number[] {
  const out = [...values];
  let s = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}

const list = (ids: number[]) => rankedListOf(1, Int32Array.from(ids));
const every = (n: number, step: number, from = 0) =>
  Array.from({ length: n }, (_, i) => from + i * step);

describe('keepMembers', () => {
  it('keeps exactly the members of the other list, in the first list’s order, however it gets there', () => {
    // 50,000 rowids out of 0..150,000: ranked (shuffled) and ascending.
    const ids = every(50_000, 3);
    const firsts = { ranked: shuffled(ids, 7), ascending: ids };
    // Others far shorter (placed), of similar size (scanned), tiny, and partly outside the first.
    const others = {
      short: shuffled(every(3_000, 17), 3).sort((a, b) => a - b),
      shortUnsorted: shuffled(every(3_000, 17), 5),
      similar: every(40_000, 4),
      tiny: [3, 9, 150_003, 299_997],
      none: [1, 2, 4, 5, 400_000],
    };
    for (const [name, first] of Object.entries(firsts)) {
      for (const [otherName, other] of Object.entries(others)) {
        const members = new Set(other);
        const expected = first.filter((rid) => members.has(rid));
        const kept = keepMembers(list(first), list(other), 4);
        expect(Array.from(kept.order), `${name} ∩ ${otherName}`).toEqual(expected);
        expect(kept.epoch).toBe(4);
      }
    }
  });

  it('places again from a remembered position map, also after the first list is asked in turn', () => {
    const first = list(shuffled(every(20_000, 2), 11));
    const a = list(every(1_000, 7));
    const b = list(every(1_000, 13));
    const naive = (other: number[]) => Array.from(first.order).filter((r) => other.includes(r));
    for (let round = 0; round < 3; round += 1) {
      expect(Array.from(keepMembers(first, a, 1).order)).toEqual(naive(Array.from(a.order)));
      expect(Array.from(keepMembers(first, b, 1).order)).toEqual(naive(Array.from(b.order)));
    }
  });
});
