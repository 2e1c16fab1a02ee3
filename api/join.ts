/**
 * Pure joins: relational documents (api/schemas.ts) in, view models (api/models.ts) out.
 *
 * Every function takes the raw response, parses it with the `document` schema and throws ApiError 'unexpected'
 * when it does not conform, or when a reference the view model needs is missing (a ticket whose event template
 * is not in the document, an event without its venue, ...): malformed data never reaches the machines.
 */
import * as z from 'zod/mini';
import { ErrorCode } from '../domain/codes';
import { ApiError, unexpectedError } from './errors';
import { toCents } from './money';
import { type Document, document as documentSchema } from './schemas';

/** Where URLs of images and QR codes point. */
export interface UrlSettings {
  apiPrefix: string;
  cachedApiPrefix: string;
  sellerId: string;
}

/* ---------------------------------------------------------------- parsing */

export function parseDocument(raw: unknown): Document {
  const result = z.safeParse(documentSchema, raw);
  if (!result.success) {
    // Paths and codes only: the input may hold personal data.
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      code: issue.code,
    }));
    throw new ApiError({
      code: ErrorCode.unexpected,
      status: 200,
      context: 'invalid_document',
      extra: { issues },
    });
  }
  return result.data;
}

export const rows = <K extends keyof Document>(doc: Document, key: K): NonNullable<Document[K]>['_data'] =>
  (doc[key]?._data ?? []) as NonNullable<Document[K]>['_data'];

export function indexById<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw unexpectedError(200, `missing_${what}`);
  return value;
}

export function cents(value: string): number {
  try {
    return toCents(value);
  } catch (cause) {
    throw unexpectedError(200, 'invalid_money', cause);
  }
}

/** Key/value rows (meta or config) of one resource. */
export function attached<V>(
  items: readonly { resource: string; resource_id: string; key: string; value: V }[],
  resource: string,
  resourceId: string,
): Record<string, V> {
  const out: Record<string, V> = {};
  for (const row of items) {
    if (row.resource === resource && row.resource_id === resourceId) out[row.key] = row.value;
  }
  return out;
}

export function qrCodeUrl(urls: UrlSettings, orderId: string): string {
  return `${urls.cachedApiPrefix}ticket_order/${encodeURIComponent(orderId)}/qrcode?margin=4&seller_id=${encodeURIComponent(urls.sellerId)}`;
}
