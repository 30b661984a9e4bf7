import * as v from 'valibot';
import { type AuthUser, AuthUserSchema } from './contracts/index.ts';

/**
 * What the client keeps after signing in: the access token, the refresh token and the user.
 *
 * @example
 * ```ts
 * const creds: StoredCredentials = { token: 't', refreshToken: 'r', user };
 * ```
 */
export interface StoredCredentials {
  token: string;
  refreshToken: string;
  user: AuthUser;
}

/**
 * Where the client keeps its credentials. `get` is synchronous and returns the same object until
 * the credentials change, so it can back React's `useSyncExternalStore`.
 *
 * @example
 * ```ts
 * const store = memoryTokenStore();
 * const stop = store.subscribe(() => console.log('signed in:', store.get() !== null));
 * store.set({ token: 't', refreshToken: 'r', user });
 * stop();
 * ```
 */
export interface TokenStore {
  /** The stored credentials, or `null` when signed out. */
  get(): StoredCredentials | null;
  /** Replaces the stored credentials and notifies the listeners. */
  set(credentials: StoredCredentials): void;
  /** Forgets the credentials and notifies the listeners. */
  clear(): void;
  /** Calls `listener` after every `set`/`clear`; returns the function that unsubscribes it. */
  subscribe(listener: () => void): () => void;
}

const StoredCredentialsSchema = v.object({
  token: v.string(),
  refreshToken: v.string(),
  user: AuthUserSchema,
});

function createListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify(): void {
      for (const listener of [...listeners]) listener();
    },
  };
}

/**
 * A token store that lives in memory only: for Node, tests and servers calling the API.
 *
 * @example
 * ```ts
 * const api = createClient({ baseUrl: 'http://localhost:8787/api', tokenStore: memoryTokenStore() });
 * ```
 */
export function memoryTokenStore(initial: StoredCredentials | null = null): TokenStore {
  let current = initial;
  const listeners = createListeners();
  return {
    get: () => current,
    set(credentials) {
      current = credentials;
      listeners.notify();
    },
    clear() {
      current = null;
      listeners.notify();
    },
    subscribe: listeners.add,
  };
}

function browserStorage(): Storage | null {
  try {
    // Reading `localStorage` throws in some browsers when storage is blocked.
    const storage = (globalThis as { localStorage?: Storage }).localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/**
 * A token store kept in `localStorage` under `key`, so a reload keeps the user signed in.
 * Sign-in and sign-out in another tab of the same origin notify this tab's listeners too.
 * Stored data that is not valid credentials reads as signed out.
 *
 * Where `localStorage` does not exist or is blocked (Node, some private modes), it falls back
 * to an in-memory store: the client works but nothing survives a restart.
 *
 * @example
 * ```ts
 * const api = createClient({ baseUrl: '/api', tokenStore: localStorageTokenStore('fm-portal') });
 * ```
 */
export function localStorageTokenStore(key: string): TokenStore {
  const storage = browserStorage();
  if (!storage) return memoryTokenStore();

  const listeners = createListeners();
  // `get` must return the same object while the stored text is unchanged.
  let cachedRaw: string | null = null;
  let cachedValue: StoredCredentials | null = null;

  const read = (): StoredCredentials | null => {
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch {
      return null;
    }
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    cachedValue = null;
    if (raw !== null) {
      try {
        const parsed = v.safeParse(StoredCredentialsSchema, JSON.parse(raw));
        if (parsed.success) cachedValue = parsed.output;
      } catch {
        // Not JSON: treated as signed out.
      }
    }
    return cachedValue;
  };

  const target = globalThis as { addEventListener?: typeof addEventListener };
  target.addEventListener?.('storage', (event) => {
    if ((event as StorageEvent).key === key || (event as StorageEvent).key === null) {
      listeners.notify();
    }
  });

  return {
    get: read,
    set(credentials) {
      storage.setItem(key, JSON.stringify(credentials));
      listeners.notify();
    },
    clear() {
      storage.removeItem(key);
      listeners.notify();
    },
    subscribe: listeners.add,
  };
}
