/** Local storage that tolerates access errors (private modes, disabled storage): the product keeps working. */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) globalThis.localStorage?.removeItem(key);
      else globalThis.localStorage?.setItem(key, value);
    } catch {
      // tolerated
    }
  },
};

export const cartKey = (sellerId: string) => `tix:${sellerId}:cart`;
