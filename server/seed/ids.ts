/**
 * Stable ids of a seller's seeded rows. The demo seller's are the stable ids of the rows' names, as they have
 * always been; any other seller's (the e2e suite seeds one per Playwright worker, see `POST /__test/sellers`)
 * are namespaced by its slug, so two sellers never share a row id. Seeded numbers that are unique across
 * sellers (cart and order numbers) get the slug as a suffix the same way.
 */
import { stableId } from '../util';

export const DEMO_SLUG = 'demo-museum';

/** The stable id of a named seeded row of one seller. */
export type SeedId = (name: string) => string;

export function seedIdOf(slug: string): SeedId {
  return slug === DEMO_SLUG ? stableId : (name) => stableId(`seller:${slug}/${name}`);
}

/** A seeded cart or order number of the seller `slug` (unchanged for the demo seller). */
export function seedNumberOf(slug: string, n: string): string {
  return slug === DEMO_SLUG ? n : `${n}-${slug.toUpperCase()}`;
}
