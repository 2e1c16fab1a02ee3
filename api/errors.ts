/**
 * API errors and the error catalogue (spec 1 §8, spec 2 §8, spec 3 §8).
 *
 * A 4xx body `{ _data: [{ _code, _context, _description, _extra }] }` becomes an ApiError carrying those fields.
 * Anything else that is not a usable answer (5xx, non-JSON, a malformed document, a network failure after the
 * retries) becomes an ApiError with code 'unexpected' and the generic message below.
 */
import { ErrorCode } from '../domain/codes';
import { type ErrorMessage, generalOutcome, outcomeMessage } from '../domain/error-messages/base';

/** Shown when a response has no usable 4xx error (spec 1 §8); the catalogue key is `errorUnexpected`. */
export const UNEXPECTED_MESSAGE = 'Sorry! Something unexpected happened. Please try again.';

export interface ApiErrorInit {
  code: string;
  /** HTTP status; 0 when no response arrived (network failure or timeout after the retries). */
  status: number;
  context?: string | null;
  description?: string | null;
  extra?: unknown;
  cause?: unknown;
  /** The error body's further items, in order (`_data[1…]`; spec 1 §8 duplicate_code reads the second). */
  more?: readonly ApiError[];
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly context: string | null;
  readonly description: string | null;
  readonly extra: unknown;
  /** The error body's further items (`_data[1…]`), each an ApiError of the same status; empty when none. */
  readonly more: readonly ApiError[];

  constructor(init: ApiErrorInit) {
    super(
      init.description || UNEXPECTED_MESSAGE,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.code = init.code;
    this.status = init.status;
    this.context = init.context ?? null;
    this.description = init.description ?? null;
    this.extra = init.extra;
    this.more = init.more ?? [];
  }
}

/** The generic error for anything that is not a usable answer. */
export const unexpectedError = (status: number, context: string | null = null, cause?: unknown): ApiError =>
  new ApiError({ code: ErrorCode.unexpected, status, context, description: UNEXPECTED_MESSAGE, cause });

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The message key for whatever a listing, event or cart call rejected with (the one mapping). */
export function errorMessageFor(error: unknown, where: 'listing' | 'event' | 'cart'): ErrorMessage {
  return outcomeMessage(
    generalOutcome(isApiError(error) ? error : { code: ErrorCode.unexpected }, where),
    where,
  );
}
