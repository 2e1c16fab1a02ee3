/**
 * Pure joins: relational documents (api/schemas.ts) in, view models (api/models.ts) out.
 *
 * Every function takes the raw response, parses it with the `document` schema and throws ApiError 'unexpected'
 * when it does not conform, or when a reference the view model needs is missing (a ticket whose event template
 * is not in the document, an event without its venue, ...): malformed data never reaches the machines.
 */
import * as z from 'zod/mini';
import { ErrorCode } from './codes';
import { ApiError, unexpectedError } from './errors';
import type { EventSummary, ImageRef, ListingEvent, VenueModel } from './models';
import { toCents } from './money';
import { type Document, document as documentSchema, type EventTemplate, type TicketType } from './schemas';

/** Where URLs of images and QR codes point. */
export interface UrlSettings {
  apiPrefix: string;
  cachedApiPrefix: string;
  sellerId: string;
}

/** Ticket groups with these hidden types are shown; all others are dropped (spec 1 §5). */
export const PUBLIC_HIDDEN_TYPES = ['public_browsable', 'public_link_only', 'public_member_only'] as const;

/** Ticket states that no longer count as tickets of a cart or an order. */
export const CANCELLED_TICKET_STATES: readonly string[] = ['cancelled', 'unbooked'];

export const IMAGE_SIZES = {
  card: { width: 272, height: 216 },
  cover: { width: 1500, height: 600 },
  thumbnail: { width: 64, height: 51 },
} as const;

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

export const byRank = <T extends { _rank: number }>(a: T, b: T) => a._rank - b._rank;

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

/* ---------------------------------------------------------------- images */

export function imageUrl(urls: UrlSettings, imageId: string, width: number, height: number): string {
  const query = `sizex=${width}&sizey=${height}&shrinkonly=true&seller_id=${encodeURIComponent(urls.sellerId)}`;
  return `${urls.apiPrefix}image/${encodeURIComponent(imageId)}?${query}`;
}

function altText(config: Record<string, unknown>): string {
  const value = config.image;
  if (value && typeof value === 'object' && 'alt_text' in value && typeof value.alt_text === 'string') {
    return value.alt_text;
  }
  return '';
}

type ImageKind = keyof typeof IMAGE_SIZES;

export function imageRef(
  urls: UrlSettings,
  imageId: string | undefined,
  kind: ImageKind,
  config: Record<string, unknown>,
): ImageRef | null {
  if (!imageId) return null;
  const { width, height } = IMAGE_SIZES[kind];
  const scale = kind === 'thumbnail' ? 2 : 1; // thumbnails are fetched at twice the size for retina screens
  return { src: imageUrl(urls, imageId, width * scale, height * scale), alt: altText(config), width, height };
}

/* ---------------------------------------------------------------- events */

export const toVenue = (venue: { id: string; name: string; timezone: string }): VenueModel => ({
  id: venue.id,
  name: venue.name,
  timezone: venue.timezone,
});

export function toSummary(doc: Document, event: EventTemplate, urls: UrlSettings): EventSummary {
  const venues = indexById(rows(doc, 'venue'));
  const meta = attached(rows(doc, 'meta'), 'event_template', event.id);
  const config = attached(rows(doc, 'config'), 'event_template', event.id);
  return {
    id: event.id,
    name: event.name,
    subtitle: event.subtitle,
    summary: event.summary,
    category: event.category,
    eventType: event.event_type,
    venue: toVenue(must(venues.get(event.venue_id), 'venue')),
    image: imageRef(urls, meta.image_profile, 'card', config),
  };
}

/** Events of a listing with their meta and embedded sessions (start, end), by `_rank`. */
export function toListingEvents(raw: unknown, urls: UrlSettings): ListingEvent[] {
  const doc = parseDocument(raw);
  const sessions = rows(doc, 'event_session');
  return [...rows(doc, 'event_template')].sort(byRank).map((event) => ({
    ...toSummary(doc, event, urls),
    hiddenType: event.hidden_type,
    meta: attached(rows(doc, 'meta'), 'event_template', event.id),
    sessions: sessions
      .filter((s) => s.event_template_id === event.id)
      .map((s) => ({ start: s.start_datetime, end: s.end_datetime })),
  }));
}

/** Events of a listing, by `_rank`. */
export function toEventSummaries(raw: unknown, urls: UrlSettings): EventSummary[] {
  const doc = parseDocument(raw);
  return [...rows(doc, 'event_template')].sort(byRank).map((event) => toSummary(doc, event, urls));
}

/** Outside fees of one ticket at a price: the fixed fee, and the percent fee rounded half up to whole cents. */
export function feeParts(type: TicketType, priceCents: number): { fixed: number; percent: number } {
  const fixed = type.fee_fixed_outside === null ? 0 : cents(type.fee_fixed_outside);
  // fee_percent_outside "5.00" means 5 %, i.e. 500 hundredths of a percent: integer maths, no float drift.
  const percentHundredths = type.fee_percent_outside === null ? 0 : cents(type.fee_percent_outside);
  const product = priceCents * percentHundredths;
  const percent = Math.sign(product) * Math.floor((Math.abs(product) + 5000) / 10000);
  return { fixed, percent: percent === 0 ? 0 : percent };
}

/* ---------------------------------------------------------------- cart and orders */

export function qrCodeUrl(urls: UrlSettings, orderId: string): string {
  return `${urls.cachedApiPrefix}ticket_order/${encodeURIComponent(orderId)}/qrcode?margin=4&seller_id=${encodeURIComponent(urls.sellerId)}`;
}
