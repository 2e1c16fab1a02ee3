/** API errors and the wire error body `{ _data: [{ _code, _context, _description, _extra }] }`. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly context: string | null,
    readonly description: string,
    readonly extra: unknown = null,
  ) {
    super(description);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return {
      _data: [
        { _code: this.code, _context: this.context, _description: this.description, _extra: this.extra },
      ],
    };
  }
}

export const notFound = (context: string, description?: string) =>
  new ApiError(
    404,
    ErrorCode.not_found,
    context,
    description ?? `The requested ${context.replace(/_/g, ' ')} was not found.`,
  );

export const invalid = (context: string | null, description: string, extra: unknown = null) =>
  new ApiError(400, ErrorCode.validation_failed, context, description, extra);

export const payloadTooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    ErrorCode.payload_too_large,
    'request',
    `The request body may be at most ${maxBytes} bytes.`,
    {
      max_bytes: maxBytes,
    },
  );

export const cartExpired = () =>
  new ApiError(
    410,
    ErrorCode.cart_expired,
    'cart',
    'Unfortunately your cart has timed out. Please start over.',
  );

export const cartBooked = (ticket_order_id: string | null) =>
  new ApiError(409, ErrorCode.cart_booked, 'cart', 'This cart has already been booked.', { ticket_order_id });

/** A paid order at a seller without a configured payment gateway (free orders still complete). */
export const paymentUnavailable = () =>
  new ApiError(
    409,
    ErrorCode.payment_unavailable,
    'payment',
    'This venue cannot take payments online at the moment.',
  );

export const incorrectCartState = (
  state: string,
  ticket_order_id: string | null = null,
  description?: string,
) =>
  new ApiError(
    409,
    ErrorCode.incorrect_cart_state,
    'cart',
    description ??
      (state === 'paying'
        ? 'This cart is being paid and cannot be changed.'
        : 'This cart can no longer be changed.'),
    // A cart being paid is shown as pending on the wire (the state the client knows).
    { state: state === 'paying' ? 'pending' : state, paying: state === 'paying', ticket_order_id },
  );

/** Turns zod issues into one readable sentence. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
