/** A legend entry: counts from `min` to `max` (inclusive) share one colour. */
export interface Bucket {
  min: number;
  max: number;
  /** Index into the palette; -1 for the "none" class (a count of 0). */
  level: number;
  label: string;
}

/** Five sequential blues (ColorBrewer "Blues"), light to dark; text on the last two is white. */
export const PALETTE = ['#c6dbef', '#9ecae1', '#6baed6', '#3182bd', '#08519c'] as const;
/** The fill of a place with nothing to count: near white, set apart from the lightest blue. */
export const NONE_FILL = '#fafafa';

const number = new Intl.NumberFormat('en-US');
const range = (min: number, max: number) =>
  min === max ? number.format(min) : `${number.format(min)}–${number.format(max)}`;

/**
 * Up to five equal-width buckets over the non-zero counts (from the smallest to the largest), and a
 * "0" class of its own when some place has none, so that an empty state never looks like a
 * sparse one.
 *
 * @example
 * bucketsFor([0, 1, 10, 50]).map((b) => b.label); // ['0', '1–10', '11–20', '21–30', '31–40', '41–50']
 */
export function bucketsFor(counts: readonly number[]): Bucket[] {
  const positive = counts.filter((c) => c > 0);
  const buckets: Bucket[] = [];
  if (counts.some((c) => c <= 0)) buckets.push({ min: 0, max: 0, level: -1, label: '0' });
  if (positive.length === 0) return buckets;
  const lo = Math.min(...positive);
  const hi = Math.max(...positive);
  const span = hi - lo + 1;
  const size = Math.max(1, Math.ceil(span / PALETTE.length));
  for (let start = lo, level = 0; start <= hi; start += size, level += 1) {
    const end = Math.min(hi, start + size - 1);
    buckets.push({ min: start, max: end, level, label: range(start, end) });
  }
  // Fewer than five buckets: spread their colours over the palette instead of using only the lightest.
  const shaded = buckets.filter((b) => b.level >= 0);
  if (shaded.length < PALETTE.length) {
    for (const [i, bucket] of shaded.entries()) {
      bucket.level =
        shaded.length === 1
          ? PALETTE.length - 1
          : Math.round((i * (PALETTE.length - 1)) / (shaded.length - 1));
    }
  }
  return buckets;
}

/** The bucket a count falls in. */
export function bucketOf(buckets: readonly Bucket[], count: number): Bucket | undefined {
  return buckets.find((b) => count >= b.min && count <= b.max);
}

/** A bucket's fill colour. */
export function fillOf(bucket: Bucket | undefined): string {
  if (!bucket || bucket.level < 0) return NONE_FILL;
  return PALETTE[bucket.level] ?? NONE_FILL;
}

/** Whether text drawn on a bucket's colour must be white to stay readable. */
export function isDark(bucket: Bucket | undefined): boolean {
  return !!bucket && bucket.level >= 3;
}
