import {
  CANADIAN_PROVINCES,
  type Country,
  type Region,
  type StateCode,
  US_STATES,
} from '@fm/sdk/contracts';

/** Every state and province with its country, in the contract's order (US first, then Canada). */
export const PLACES: readonly { code: StateCode; name: string; country: Country }[] = [
  ...US_STATES.map((s) => ({ code: s.code, name: s.name, country: 'USA' as const })),
  ...CANADIAN_PROVINCES.map((p) => ({ code: p.code, name: p.name, country: 'Canada' as const })),
];

/** The consultant region tag that covers a country's states (both countries are also regions). */
export const REGION_OF_COUNTRY: Record<Country, Region> = { USA: 'USA', Canada: 'Canada' };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const BY_TEXT = new Map<string, (typeof PLACES)[number]>();
for (const place of PLACES) {
  BY_TEXT.set(fold(place.code), place);
  BY_TEXT.set(fold(place.name), place);
}

/**
 * A consultant's free-text `stateProvince` as a state or province, by code or by name, ignoring
 * case and accents (US and Canadian codes never collide); null when it names neither.
 * @example placeOf('tx')?.code // 'TX'
 * @example placeOf('Québec')?.code // 'QC'
 */
export function placeOf(text: string | null | undefined): (typeof PLACES)[number] | null {
  if (!text) return null;
  return BY_TEXT.get(fold(text)) ?? null;
}
