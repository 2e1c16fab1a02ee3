/**
 * The refusal a capacity statement raises (`tix_refuse`, server/ddl.ts) when a place, a code's use or a voucher
 * could not be taken. Apart from cart/holds.ts so the domains whose writes ride in that statement (promo codes,
 * gift codes, city passes) read it without importing the holds, which import their release functions.
 */
const REFUSED = /tix_refused:(event_session|ticket_group|gift_code|promo_code|citypass):(\S+)/;

/** The refusal raised by `tix_refuse` in a capacity statement (the driver's error, or its cause). */
export function refusalOf(err: unknown): { kind: string; id: string } | null {
  for (let e = err as { message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    const m = typeof e.message === 'string' ? REFUSED.exec(e.message) : null;
    if (m) return { kind: m[1] as string, id: m[2] as string };
    e = e.cause as typeof e;
  }
  return null;
}
