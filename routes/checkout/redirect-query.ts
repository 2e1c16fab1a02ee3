/** The query of a return from an external payment redirect (spec 2 §2); the rest loads with its flow. */

export interface RedirectReturn {
  cartId: string;
  /** The purchaser the visitor gave before leaving (an identity id), or null. */
  purchaser: string | null;
  clientSecret: string;
}

/** The return's parameters, or null when the URL is not a redirect return. */
export function redirectReturnFrom(search: string): RedirectReturn | null {
  const query = new URLSearchParams(search);
  const cartId = query.get('cartId')?.trim();
  const clientSecret = query.get('payment_intent_client_secret')?.trim();
  if (!cartId || !clientSecret) return null;
  return { cartId, purchaser: query.get('purchaser')?.trim() || null, clientSecret };
}
