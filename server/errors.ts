/** API errors and the wire error body `{ _data: [{ _code, _context, _description, _extra }] }`. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../api/schemas';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
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
    'not_found',
    context,
    description ?? `The requested ${context.replace(/_/g, ' ')} was not found.`,
  );

export const invalid = (context: string | null, description: string, extra: unknown = null) =>
  new ApiError(400, 'validation_failed', context, description, extra);

/** Turns zod issues into one readable sentence. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
