import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@fm/sdk/contracts';
import { defaultApiBase } from './element-client.ts';

/**
 * The portal's sign-in page for an API base: same origin, `/sign-in` (rule 1: one origin).
 *
 * @example
 * signInUrlFor('https://fm.example/api'); // 'https://fm.example/sign-in'
 */
export function signInUrlFor(apiBase: string | undefined, pageUrl?: string): string {
  const base = apiBase?.trim() || defaultApiBase();
  const origin = new URL(base, pageUrl ?? globalThis.location?.href ?? base).origin;
  return `${origin}/sign-in`;
}

/**
 * A page of the portal for an API base: same origin (rule 1: one origin), the given path.
 *
 * @example
 * portalUrlFor('https://fm.example/api', '/my-profile/subscription'); // 'https://fm.example/my-profile/subscription'
 */
export function portalUrlFor(apiBase: string | undefined, path: string, pageUrl?: string): string {
  const base = apiBase?.trim() || defaultApiBase();
  const origin = new URL(base, pageUrl ?? globalThis.location?.href ?? base).origin;
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * A page size from the attribute: a whole number from 1 to MAX_PAGE_SIZE, else the default.
 *
 * @example
 * parsePageSize(24); // 24
 * parsePageSize(Number.NaN); // 10
 */
export function parsePageSize(value: number | undefined): number {
  if (value === undefined || !Number.isInteger(value) || value < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(value, MAX_PAGE_SIZE);
}
