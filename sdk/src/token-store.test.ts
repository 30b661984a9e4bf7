import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtures } from './test-api-server.ts';
import { localStorageTokenStore, memoryTokenStore, type StoredCredentials } from './token-store.ts';

const creds: StoredCredentials = { token: 't', refreshToken: 'r', user: fixtures.user };

class MapStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}

describe('memoryTokenStore', () => {
  it('stores, clears and notifies subscribers until they unsubscribe', () => {
    const store = memoryTokenStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.get()).toBeNull();
    store.set(creds);
    expect(store.get()).toEqual(creds);
    expect(listener).toHaveBeenCalledTimes(1);
    store.clear();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set(creds);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('starts from initial credentials', () => {
    expect(memoryTokenStore(creds).get()).toBe(creds);
  });
});

describe('localStorageTokenStore', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('falls back to memory where localStorage does not exist (Node)', () => {
    expect('localStorage' in globalThis).toBe(false);
    const store = localStorageTokenStore('fm-test');
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(creds);
    expect(store.get()).toEqual(creds);
    expect(listener).toHaveBeenCalledTimes(1);
    // Memory only: a second store does not see it.
    expect(localStorageTokenStore('fm-test').get()).toBeNull();
  });

  it('persists under its key, shares it with another store and notifies on set/clear', () => {
    const storage = new MapStorage();
    vi.stubGlobal('localStorage', storage);
    const store = localStorageTokenStore('fm-portal');
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(creds);
    expect(JSON.parse(storage.getItem('fm-portal') ?? 'null')).toEqual(creds);
    expect(localStorageTokenStore('fm-portal').get()).toEqual(creds);
    expect(localStorageTokenStore('other-key').get()).toBeNull();
    store.clear();
    expect(storage.getItem('fm-portal')).toBeNull();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('returns the same object while the stored text is unchanged (useSyncExternalStore)', () => {
    vi.stubGlobal('localStorage', new MapStorage());
    const store = localStorageTokenStore('fm-portal');
    store.set(creds);
    const first = store.get();
    expect(store.get()).toBe(first);
    store.set({ ...creds, token: 't2' });
    expect(store.get()).not.toBe(first);
    expect(store.get()?.token).toBe('t2');
  });

  it('reads corrupt or foreign data as signed out', () => {
    const storage = new MapStorage();
    vi.stubGlobal('localStorage', storage);
    const store = localStorageTokenStore('fm-portal');
    storage.setItem('fm-portal', '{not json');
    expect(store.get()).toBeNull();
    storage.setItem('fm-portal', JSON.stringify({ token: 1 }));
    expect(store.get()).toBeNull();
  });

  it("notifies on another tab's change of its key only", () => {
    vi.stubGlobal('localStorage', new MapStorage());
    const handlers: ((event: Event) => void)[] = [];
    vi.stubGlobal('addEventListener', (type: string, handler: (event: Event) => void) => {
      if (type === 'storage') handlers.push(handler);
    });
    const store = localStorageTokenStore('fm-portal');
    const listener = vi.fn();
    store.subscribe(listener);
    for (const handler of handlers) handler({ key: 'unrelated' } as unknown as Event);
    expect(listener).not.toHaveBeenCalled();
    for (const handler of handlers) handler({ key: 'fm-portal' } as unknown as Event);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
