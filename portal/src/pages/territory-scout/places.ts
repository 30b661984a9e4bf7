import { CANADIAN_PROVINCES, type Country, type StateCode, US_STATES } from '@fm/sdk/contracts';

export interface Place {
  code: StateCode;
  name: string;
  country: Country;
}

/** Every state and province the map shows, US first, as the contract orders them. */
export const PLACES: readonly Place[] = [
  ...US_STATES.map((s) => ({ code: s.code, name: s.name, country: 'USA' as const })),
  ...CANADIAN_PROVINCES.map((p) => ({ code: p.code, name: p.name, country: 'Canada' as const })),
];

const BY_CODE = new Map<string, Place>(PLACES.map((p) => [p.code, p]));

/** The place of a code, or undefined for anything else (a stale or hand-written URL). */
export function placeOf(code: string | null | undefined): Place | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

const number = new Intl.NumberFormat('en-US');

/** "1 brand", "1,204 consultants". */
export function countLabel(count: number, noun: 'brand' | 'consultant'): string {
  return `${number.format(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * What a state's button says to a screen reader, and what the table shows.
 * @example placeLabel('Texas', { brands: 12, consultants: 340 }) // 'Texas: 12 brands, 340 consultants'
 */
export function placeLabel(name: string, counts?: { brands: number; consultants: number }): string {
  return counts
    ? `${name}: ${countLabel(counts.brands, 'brand')}, ${countLabel(counts.consultants, 'consultant')}`
    : name;
}
