import { createClient, type FmClient, memoryTokenStore } from '@fm/sdk';

/**
 * Where elements reach the API when no `api-base` attribute is given: the origin the bundle was
 * loaded from, plus `/api` (D1: `https://partner.example` embeds `https://fm.example/widgets/fm-widgets.js`
 * and talks to `https://fm.example/api`).
 *
 * @example
 * defaultApiBase('https://fm.example/widgets/fm-widgets.js'); // 'https://fm.example/api'
 */
export function defaultApiBase(moduleUrl: string = import.meta.url): string {
  return `${new URL(moduleUrl).origin}/api`;
}

const clients = new Map<string, FmClient>();

/**
 * One anonymous SDK client per API base, shared by every element on the page.
 *
 * @example
 * const api = elementClient(props.apiBase);
 */
export function elementClient(apiBase: string | undefined): FmClient {
  const baseUrl = apiBase?.trim() || defaultApiBase();
  let client = clients.get(baseUrl);
  if (!client) {
    client = createClient({ baseUrl, tokenStore: memoryTokenStore() });
    clients.set(baseUrl, client);
  }
  return client;
}
