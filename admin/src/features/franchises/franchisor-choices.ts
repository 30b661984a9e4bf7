import type { AdminFranchisorOption } from '@fm/sdk/contracts';

export interface FranchisorChoice {
  value: string;
  label: string;
}

/** How a franchisor reads in the picker: name, e-mail and their franchise if they have one. */
export function franchisorLabel(f: AdminFranchisorOption): string {
  return `${f.firstName} ${f.lastName} (${f.email})${f.franchise ? ` — ${f.franchise.company}` : ''}`;
}

/**
 * The choices of Add Existing Franchisor for one search: the franchisors the API found, less the
 * members of this franchise, and the one already chosen kept first even when a later search no
 * longer finds it (the select never shows a value other than the one that will be sent).
 *
 * @example franchisorChoices(found, franchiseId, chosen)
 */
export function franchisorChoices(
  found: readonly AdminFranchisorOption[],
  franchiseId: string,
  chosen: AdminFranchisorOption | null,
): FranchisorChoice[] {
  const listed = found.filter((f) => f.franchise?.id !== franchiseId);
  if (chosen && !listed.some((f) => f.id === chosen.id)) listed.unshift(chosen);
  return listed.map((f) => ({ value: f.id, label: franchisorLabel(f) }));
}
