import { describe, expect, it } from 'vitest';
import { createRankedListCache, inListOrder, rankedList } from './ranked-list.ts';

describe('rankedList', () => {
  it('keeps the result order and places ids in it', () => {
    const list = rankedList(3, '30,10,20,40');
    expect(Array.from(list.order)).toEqual([30, 10, 20, 40]);
    expect(inListOrder(list, [40, 99, 30, 20, 30])).toEqual([30, 20, 40]);
    expect(rankedList(1, null).order).toHaveLength(0);
  });

  it('parses group_concat output of any length exactly', () => {
    expect(Array.from(rankedList(1, '7').order)).toEqual([7]);
    const ids = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(Array.from(rankedList(1, ids.join(',')).order)).toEqual(ids);
    expect(Array.from(rankedList(1, '2147483647,1').order)).toEqual([2147483647, 1]);
  });

  it('keeps a sorted copy for membership, sorting only when the order is not ascending', () => {
    expect(Array.from(rankedList(1, '30,10,20,40').sorted)).toEqual([10, 20, 30, 40]);
    expect(Array.from(rankedList(1, '5,10,10,11').sorted)).toEqual([5, 10, 10, 11]);
    expect(Array.from(rankedList(1, '1,2,3,2').sorted)).toEqual([1, 2, 2, 3]);
  });
});

describe('createRankedListCache seenWith()', () => {
  it('answers whether a key came before in another variant, remembering a bounded number', () => {
    const cache = createRankedListCache({ maxEntries: 1, maxIds: 10 });
    expect(cache.seenWith('a', 'x')).toBe(false);
    expect(cache.seenWith('a', 'x')).toBe(false);
    expect(cache.seenWith('a', 'y')).toBe(true);
    for (const key of ['b', 'c', 'd', 'e']) cache.seenWith(key, 'x');
    // Four keys are remembered per entry: 'a' was the least recently asked about, so it went.
    expect(cache.seenWith('a', 'z')).toBe(false);
    expect(cache.seenWith('e', 'z')).toBe(true);
  });
});

describe('createRankedListCache', () => {
  const compute = (epoch: number, ids: string) => async () => rankedList(epoch, ids);

  it('serves a list while its epoch holds and recomputes once the epoch moves', async () => {
    const cache = createRankedListCache({ maxEntries: 10, maxIds: 100 });
    let calls = 0;
    const counted = (epoch: number) => async () => {
      calls += 1;
      return rankedList(epoch, '1,2');
    };
    await cache.get('k', 5, counted(5));
    await cache.get('k', 5, counted(5));
    expect(calls).toBe(1);
    await cache.get('k', 6, counted(6));
    expect(calls).toBe(2);
    // A list computed at a newer epoch than asked for is fresh enough.
    await cache.get('k', 4, counted(4));
    expect(calls).toBe(2);
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createRankedListCache({ maxEntries: 10, maxIds: 100 });
    let calls = 0;
    const slow = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 10));
      return rankedList(1, '1');
    };
    await Promise.all([cache.get('k', 1, slow), cache.get('k', 1, slow), cache.get('k', 1, slow)]);
    expect(calls).toBe(1);
  });

  it('evicts the least recently used lists beyond its bounds', async () => {
    const cache = createRankedListCache({ maxEntries: 2, maxIds: 5 });
    await cache.get('a', 1, compute(1, '1,2'));
    await cache.get('b', 1, compute(1, '3'));
    await cache.get('a', 1, compute(1, '1,2')); // a is now the most recent
    await cache.get('c', 1, compute(1, '4'));
    expect(cache.size).toBe(2);
    let recomputed = false;
    await cache.get('b', 1, async () => {
      recomputed = true;
      return rankedList(1, '3');
    });
    expect(recomputed).toBe(true);
    await cache.get('big', 1, compute(1, '1,2,3,4,5,6'));
    expect(cache.size).toBeLessThanOrEqual(1);
  });
});
