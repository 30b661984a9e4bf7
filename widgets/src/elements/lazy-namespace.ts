type Method = (...args: unknown[]) => unknown;

/**
 * An SDK namespace whose code loads on its first call (element build only; see vite.config.ts,
 * `trimSdk`): every method returns what the real one returns — awaitable, and async-iterable for
 * the paged list calls — once the namespace's module has arrived. A page that never lists or
 * chats never downloads the list or chat calls and their schemas.
 *
 * @example
 * export const createDiscoveryApi = (http) =>
 *   lazyNamespace(() => import('./discovery.ts').then((m) => m.createDiscoveryApi(http)));
 */
export function lazyNamespace<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const namespace = () => {
    loading ??= load();
    return loading;
  };
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'then') return undefined;
      return (...args: unknown[]) => {
        // Boxed, so that a thenable answer (a paged call) is not flattened before iteration.
        const boxed = namespace().then((api) => ({
          value: (Reflect.get(api, property) as Method).apply(api, args),
        }));
        const settled = boxed.then((box) => box.value);
        return {
          // biome-ignore lint/suspicious/noThenProperty: the answer is awaitable like the real one
          then: settled.then.bind(settled),
          catch: settled.catch.bind(settled),
          finally: settled.finally.bind(settled),
          async *[Symbol.asyncIterator]() {
            const { value } = await boxed;
            yield* value as AsyncIterable<unknown>;
          },
        };
      };
    },
  });
}
