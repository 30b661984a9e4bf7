import {
  PUBLIC_PAGE_DATA_ID,
  PublicPageDataSchema,
  type PublicProfile,
  type SignUpRole,
} from '@fm/sdk/contracts';
import * as v from 'valibot';

/**
 * A profile page's data `json` (rule 22), checked against the contract; null for another page's
 * data or data the contract does not accept (the page then reads the profile itself).
 *
 * @example
 * servedPage('{"kind":"consultant","profile":{"id":"u1",…}}'); // { kind: 'consultant', profile }
 */
export function servedPage(json: string): { kind: SignUpRole; profile: PublicProfile } | null {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const checked = v.safeParse(PublicPageDataSchema, data);
  if (!checked.success) return null;
  const page = checked.output;
  return page.kind === 'consultant' || page.kind === 'franchisor' ? page : null;
}

/**
 * The profile in a public page's data `json` (rule 22) when it is the `role` profile `id`; null
 * otherwise (another page's data, another profile, or data the contract does not accept, which
 * leaves the page to read the profile itself).
 *
 * @example
 * servedProfile('{"kind":"consultant","profile":{"id":"u1",…}}', 'consultant', 'u1'); // the profile
 */
export function servedProfile(json: string, role: SignUpRole, id: string): PublicProfile | null {
  const page = servedPage(json);
  return page?.kind === role && page.profile.id === id ? page.profile : null;
}

/**
 * The profile the server sent with this document (rule 22), when it is the `role` profile `id`:
 * the public profile page starts from it instead of a loading card, and still reads it again.
 *
 * @example
 * useQuery({ queryKey, queryFn, initialData: () => profileServedWithPage('consultant', id) ?? undefined });
 */
export function profileServedWithPage(role: SignUpRole, id: string): PublicProfile | null {
  if (typeof document === 'undefined') return null;
  const json = document.getElementById(PUBLIC_PAGE_DATA_ID)?.textContent;
  return json ? servedProfile(json, role, id) : null;
}
