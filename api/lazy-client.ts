/**
 * A client whose code loads on the first call: every property is an async function that awaits the loaded
 * client and calls its method of that name. A failed chunk load is retried on the next call. Not a thenable.
 */
export function lazyClient<T extends object>(load: () => Promise<T>): T {
  let client: Promise<T> | null = null;
  const get = () => {
    client ??= load();
    client.catch(() => {
      client = null;
    });
    return client;
  };
  return new Proxy({} as T, {
    get: (_target, name) =>
      typeof name !== 'string' || name === 'then'
        ? undefined
        : async (...args: unknown[]) => {
            const loaded = (await get()) as unknown as Record<string, (...a: unknown[]) => unknown>;
            return loaded[name]?.(...args);
          },
  });
}
