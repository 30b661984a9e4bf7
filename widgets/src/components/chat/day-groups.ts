import { dayKey, dayLabel } from './chat-format.ts';

/** One day of a conversation: the separator's label and the day's messages, oldest first. */
export interface DayGroup<T> {
  /** `YYYY-MM-DD` in the viewer's zone. */
  day: string;
  /** Today, Yesterday or '9 Mar, 2026'. */
  label: string;
  items: readonly { item: T; startsRun: boolean }[];
}

/** Messages of one sender less than this far apart read as one run (no repeated spacing). */
export const RUN_GAP_MS = 5 * 60_000;

/**
 * Splits a conversation (oldest first) into days of the viewer's zone, each under a separator,
 * and marks where a new run of one sender starts (another sender, or a pause of RUN_GAP_MS).
 *
 * @example
 * groupByDay(messages, 'America/New_York', Date.now());
 * // [{ day: '2026-03-09', label: 'Yesterday', items: [...] }, { day: '2026-03-10', label: 'Today', … }]
 */
export function groupByDay<T extends { createdAt: string; senderId: string }>(
  items: readonly T[],
  zone: string,
  now: number,
): DayGroup<T>[] {
  const groups: { day: string; label: string; items: { item: T; startsRun: boolean }[] }[] = [];
  let previous: T | null = null;
  for (const item of items) {
    const day = dayKey(item.createdAt, zone);
    let group = groups[groups.length - 1];
    if (!group || group.day !== day) {
      group = { day, label: dayLabel(item.createdAt, zone, now), items: [] };
      groups.push(group);
      previous = null;
    }
    const startsRun =
      previous === null ||
      previous.senderId !== item.senderId ||
      Date.parse(item.createdAt) - Date.parse(previous.createdAt) > RUN_GAP_MS;
    group.items.push({ item, startsRun });
    previous = item;
  }
  return groups;
}
