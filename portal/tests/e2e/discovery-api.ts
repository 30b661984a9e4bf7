import {
  type ConsultantSearchQuery,
  type ConsultantSearchResult,
  type FranchisorSearchQuery,
  type FranchisorSearchResult,
  type SearchFilters,
  toSearchParams,
} from '@fm/sdk/contracts';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiSignIn } from './helpers.ts';

/**
 * The discovery API as the tests see it: a demo user's token and the calls the pages make, so a
 * test can pick data that exists in the seed and check what the page shows against the server.
 */
export interface DiscoveryApi {
  userId: string;
  consultants(query?: ConsultantSearchQuery): Promise<ConsultantSearchResult>;
  franchisors(query?: FranchisorSearchQuery): Promise<FranchisorSearchResult>;
  filters(): Promise<SearchFilters>;
  toggleConsultant(id: string): Promise<{ isFavorite: boolean; total: number }>;
}

/** Signs a demo user in through the API and returns their discovery calls. */
export async function discoveryApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<DiscoveryApi> {
  const user = await apiSignIn(request, baseURL, email);
  const headers = { Authorization: `Bearer ${user.token}` };
  const get = async <T>(path: string): Promise<T> => {
    const answer = await request.get(path, { headers });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
    return (await answer.json()) as T;
  };
  const query = (q: object) => toSearchParams(q as Record<string, unknown>).toString();
  return {
    userId: user.id,
    consultants: (q = {}) =>
      get<ConsultantSearchResult>(`/api/users?${query({ role: 'consultant', ...q })}`),
    franchisors: (q = {}) =>
      get<FranchisorSearchResult>(`/api/users?${query({ role: 'franchisor', ...q })}`),
    filters: () => get<SearchFilters>('/api/users/filters'),
    toggleConsultant: async (id) => {
      const answer = await request.post('/api/users/favorite-consultant', {
        headers: { ...headers, Origin: baseURL },
        data: { consultantId: id },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as { isFavorite: boolean; total: number };
    },
  };
}

/** A regular expression matching `text` literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
