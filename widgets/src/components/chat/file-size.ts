// A module of its own: the conversation shows sizes (files, the upload limit); the list does not.

const BYTE_UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A file size as people read it (1024-based, one decimal under 10), rounded up: a file just over a
 * limit never reads as the limit itself ("21 MB", not "20 MB", beside "larger than 20 MB").
 *
 * @example
 * formatBytes(532); // '532 B'
 * formatBytes(1536); // '1.5 KB'
 * formatBytes(20 * 1024 * 1024); // '20 MB'
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  }
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.ceil(value * 10) / 10 : Math.ceil(value);
  // 1023.04 KB rounds up to 1024 KB: say 1 MB instead.
  if (shown >= 1024 && unit < BYTE_UNITS.length - 1) return `1 ${BYTE_UNITS[unit + 1]}`;
  return `${shown} ${BYTE_UNITS[unit]}`;
}
