import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { base, en, en_US, Faker } from '@faker-js/faker';

/** The one seed of the demo data (the date the terms took effect). */
export const SEED_NUMBER = 20250225;

/**
 * The fixed reference date of the demo's history that does not follow the clock (accounts,
 * franchises): everything generated from it is identical on every run.
 */
export const SEED_EPOCH = new Date(Date.UTC(2025, 1, 25, 12, 0, 0));

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A faker of its own per section of the demo, seeded from `SEED_NUMBER`: sections do not shift each
 * other's random streams, so clock-dependent sections (meetings) never change the accounts.
 * @example const f = seededFaker(1); f.helpers.arrayElement(['a', 'b']);
 */
export function seededFaker(section: number): Faker {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(SEED_NUMBER + section);
  return faker;
}

/**
 * A deterministic UUID-shaped id for the n-th record of a kind, so that links to seeded records
 * (e.g. `/consultants/{id}`) survive a reseed.
 * @example seedId('consultant', 12) // '3f1c…-…'
 */
export function seedId(kind: string, key: string | number): string {
  const h = createHash('sha256').update(`fm-demo:${kind}:${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A local wall-clock time in an IANA zone as an instant. */
export function zonedInstant(
  zone: string,
  date: { year: number; month: number; day: number },
  minuteOfDay: number,
): Date {
  const local = new TZDate(
    date.year,
    date.month,
    date.day,
    Math.floor(minuteOfDay / 60),
    minuteOfDay % 60,
    zone,
  );
  return new Date(local.getTime());
}

/** The local calendar date of an instant in a zone, `dayOffset` days later; weekday 1 = Monday … 7 = Sunday. */
export function zonedDay(zone: string, instant: Date, dayOffset: number) {
  const local = new TZDate(instant.getTime(), zone);
  const utc = new Date(
    Date.UTC(local.getFullYear(), local.getMonth(), local.getDate() + dayOffset),
  );
  const jsDay = utc.getUTCDay();
  return {
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth(),
    day: utc.getUTCDate(),
    weekday: jsDay === 0 ? 7 : jsDay,
  };
}

/** Lower-case ASCII slug for e-mail addresses, domains and keys ("Maple & Main" → "maple-and-main"). */
export function slug(text: string, separator = '-'): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.join(separator);
}

/** Unique e-mail addresses: a repeated local part gets a number. */
export function emailRegistry() {
  const used = new Set<string>();
  return (local: string, domain: string): string => {
    let candidate = `${local}@${domain}`.toLowerCase();
    for (let n = 2; used.has(candidate); n += 1) candidate = `${local}${n}@${domain}`.toLowerCase();
    used.add(candidate);
    return candidate;
  };
}
