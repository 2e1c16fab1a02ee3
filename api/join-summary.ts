/**
 * Pure joins shared by the event and cart joins (./join-event, ./join-cart) and the listing (./events): event
 * summaries, images, fees, ranks. Apart from ./join, which the first load needs (parsing, rows), so that no
 * first load carries them: a bundler places a module whole, with every export any chunk uses.
 */

import { percentFeeCents } from '../domain/outside-fee';
import { attached, cents, indexById, must, parseDocument, rows, type UrlSettings } from './join';
import type { EventSummary, ImageRef, ListingEvent, VenueModel } from './models';
import type { Document, EventTemplate, TicketType } from './schemas';

/** Ticket groups with these hidden types are shown; all others are dropped (spec 1 §5). */
export const PUBLIC_HIDDEN_TYPES = ['public_browsable', 'public_link_only', 'public_member_only'] as const;

/** Ticket states that no longer count as tickets of a cart or an order. */
export const CANCELLED_TICKET_STATES: readonly string[] = ['cancelled', 'unbooked'];

export const IMAGE_SIZES = {
  card: { width: 272, height: 216 },
  cover: { width: 1500, height: 600 },
  thumbnail: { width: 64, height: 51 },
} as const;

export const byRank = <T extends { _rank: number }>(a: T, b: T) => a._rank - b._rank;

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
  return { fixed, percent: percentFeeCents(priceCents, percentHundredths) };
}

/* ---------------------------------------------------------------- cart and orders */
