/** Local storage that tolerates access errors (private modes, disabled storage): the product keeps working. */
export interface Storage {
  get(key: string): string | null;
  set(key: string, value: string | null): void;
}

type Backing = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Wraps a Web Storage; `backing` is read on each call, since merely touching `localStorage` can throw. */
export function createStorage(backing: () => Backing | undefined = () => globalThis.localStorage): Storage {
  return {
    get(key) {
      try {
        return backing()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        if (value === null) backing()?.removeItem(key);
        else backing()?.setItem(key, value);
      } catch {
        // tolerated: the cart lives on in memory for this tab
      }
    },
  };
}

export const storage = createStorage();

export const cartKey = (sellerId: string) => `tix:${sellerId}:cart`;

/** The upsell chain and the express-checkout flag (spec 3 §4 "Local stored state"). */
export const upsellKey = (sellerId: string) => `tix:${sellerId}:upsell`;
