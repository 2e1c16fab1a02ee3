/**
 * The read tokens of the orders this browser paid for (server/payments/access.ts): the paid cart's answers carry
 * each order's `access_token`, and the order calls (api/orders.ts) send the tokens they know, so the purchaser's
 * confirmation and printable order show the order whole (purchaser, attendees, bought codes), while an order id
 * alone (a photographed QR code) reads only what the ticket shows. The printable order's emailed link brings its
 * token in `?token=` (routes/complete/OrderPrintScreen.tsx records it).
 */
export interface OrderTokens {
  get(orderId: string): string | null;
  set(orderId: string, token: string): void;
}

/** Tokens kept in memory (tests; the app keeps them in session storage: routes/main.tsx). */
export function memoryOrderTokens(): OrderTokens {
  const tokens = new Map<string, string>();
  return {
    get: (orderId) => tokens.get(orderId) ?? null,
    set: (orderId, token) => void tokens.set(orderId, token),
  };
}

/** Tokens kept in a string store under `tix:order:{id}` (the app's session storage). */
export function storedOrderTokens(store: {
  get(key: string): string | null;
  set(key: string, value: string | null): void;
}): OrderTokens {
  return {
    get: (orderId) => store.get(`tix:order:${orderId}`),
    set: (orderId, token) => store.set(`tix:order:${orderId}`, token),
  };
}

/** The `token` query of an order call for `ids`: the tokens known, or none. */
export function tokenQuery(tokens: OrderTokens, ids: readonly string[]): { token?: string[] } {
  const known = ids.flatMap((id) => tokens.get(id) ?? []);
  return known.length ? { token: known } : {};
}
