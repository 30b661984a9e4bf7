import { EMBED_KEY_HEADER } from '@fm/sdk/contracts';
import { type ApiClient, createApiClient, memoryTokenStore, type TokenStore } from '@fm/sdk/embed';
import { useSyncExternalStore } from 'react';

/**
 * Where elements reach the API when no `api-base` attribute is given: the origin the bundle was
 * loaded from, plus `/api` (rule 1: `https://partner.example` embeds `https://fm.example/widgets/fm-widgets.js`
 * and talks to `https://fm.example/api`).
 *
 * @example
 * defaultApiBase('https://fm.example/widgets/fm-widgets.js'); // 'https://fm.example/api'
 */
export function defaultApiBase(moduleUrl: string = import.meta.url): string {
  return `${new URL(moduleUrl).origin}/api`;
}

/**
 * The SDK client of an element and the in-memory store its credentials live in (rule 18): with an
 * embed key, an embed session (decision 029) once the visitor signed in through the popup.
 */
export interface ElementClient {
  client: ApiClient;
  store: TokenStore;
  baseUrl: string;
  embedKey: string | null;
}

const clients = new Map<string, ElementClient>();

/** A `fetch` that sends the embed key with every request (an embed session works only with it). */
function withEmbedKey(key: string) {
  return (input: Request | URL | string, init?: RequestInit) => {
    const request = new Request(input, init);
    request.headers.set(EMBED_KEY_HEADER, key);
    return globalThis.fetch(request);
  };
}

/**
 * One SDK client per API base and embed key, shared by every element on the page: a visitor who
 * signs in through one element (the booking modal) is signed in for the others (chat,
 * notifications) too. Credentials live in memory only (no cookie, no storage): a reload forgets
 * them, and so does signing out.
 *
 * @example
 * const { client } = elementClientFor(props.apiBase, props.embedKey);
 */
export function elementClientFor(
  apiBase: string | undefined,
  embedKey?: string | undefined,
): ElementClient {
  const baseUrl = apiBase?.trim() || defaultApiBase();
  const key = embedKey?.trim() || null;
  const id = `${baseUrl} ${key ?? ''}`;
  let entry = clients.get(id);
  if (!entry) {
    const store = memoryTokenStore();
    const client = createApiClient({
      baseUrl,
      tokenStore: store,
      ...(key ? { fetch: withEmbedKey(key) } : {}),
    });
    entry = { client, store, baseUrl, embedKey: key };
    clients.set(id, entry);
  }
  return entry;
}

/**
 * The shared client for an API base (and embed key).
 *
 * @example
 * const api = elementClient(props.apiBase, props.embedKey);
 */
export function elementClient(apiBase: string | undefined, embedKey?: string | undefined) {
  return elementClientFor(apiBase, embedKey).client;
}

/**
 * The signed-in user's id of an element's client, re-rendering on sign-in and sign-out.
 *
 * @example
 * const userId = useSignedInUserId(entry);
 */
export function useSignedInUserId(entry: ElementClient): string | null {
  return useSyncExternalStore(
    entry.store.subscribe,
    () => entry.store.get()?.user.id ?? null,
    () => null,
  );
}
