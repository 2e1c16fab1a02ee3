/**
 * The city-pass provider port (issue 21; DESIGN.md "Ports with real adapters and a sandbox"): asks whether a
 * voucher is good for a ticket at a visit time. A real adapter calls the city-pass operator; the reference
 * server has the sandbox (./sandbox.ts), driven by the seller's configuration. Redemption (a voucher used
 * once per seller) is ours, not the provider's: ./redeem.ts.
 */

export interface VoucherCheck {
  sellerId: string;
  /** The voucher as typed, trimmed. */
  code: string;
  ticketType: { id: string; name: string };
  /** The visit (the session's start, or the reserve's `handler_data.visit_datetime`), ISO; null: undated. */
  visitDatetime: string | null;
}

export type VoucherResult =
  /** A voucher of this kind exists and may be used for the visit. */
  | { status: 'ok'; kind: 'adult' | 'child' }
  /** Unknown voucher, or not for this ticket (wrong format, wrong kind). */
  | { status: 'invalid' }
  /** The provider could not answer (outage, timeout): nothing is known about the voucher. */
  | { status: 'failure' };

export interface CitypassProvider {
  check(req: VoucherCheck): Promise<VoucherResult>;
}
