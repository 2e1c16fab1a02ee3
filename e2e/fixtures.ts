/**
 * Each Playwright worker gets a seller of its own (issue 17): the worker fixture `seller` asks the test server
 * to seed the demo museum as the seller `w{workerIndex}-e2e` (`POST /__test/sellers`, served only when
 * NODE_ENV=test, see server/seed/test-sellers.ts), with its own ids, members, gift codes, bookings, outbox and rate
 * limits. Specs browse `seller.base` (`/w0-e2e`: the SPA's base is the seller slug) and call the API with
 * `seller.id`, so no spec depends on another worker's bookings, mails or rate limits. Tests of one worker run
 * one after another on its seller; `--repeat-each` runs each repeat in other workers, so on other sellers, and
 * a worker that failed is replaced by a new one with a new seller.
 */
import { type APIRequestContext, test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export interface Seller {
  /** The seller's slug, e.g. `w0-e2e`. */
  slug: string;
  /** The storefront's base path, e.g. `/w0-e2e`. */
  base: string;
  /** The seller id (the API's `seller_id`). */
  id: string;
  /** The seeded events' ids by key (server/seed.ts SEEDED_EVENT_KEYS, e.g. `members-preview`). */
  events: Record<string, string>;
}

export const test = base.extend<object, { seller: Seller }>({
  // A route handler still at work when its test ends (its `route.fetch()` answered as the page closed) threw
  // "Response has been disposed" after the test, an error of no test that failed the whole run. Routes are
  // taken off when each test ends, and what their handlers throw after that is dropped.
  context: async ({ context }, use) => {
    await use(context);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const page of context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
  seller: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const slug = `w${workerInfo.workerIndex}-e2e`;
      const res = await request.post('/__test/sellers', { data: { slug } });
      if (!res.ok()) throw new Error(`seeding the seller ${slug}: ${res.status()} ${await res.text()}`);
      const body = (await res.json()) as { sellerId: string; events: Record<string, string> };
      await request.dispose();
      await use({ slug, base: `/${slug}`, id: body.sellerId, events: body.events });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** The seeded event `key` of the seller (fails loudly for an unknown key). */
export function eventId(seller: Seller, key: string): string {
  const id = seller.events[key];
  if (!id) throw new Error(`no seeded event ${key}`);
  return id;
}

/**
 * Sets the worker's seller's self-edit rules (spec 2 §3; `PUT /__test/sellers/{slug}/self_edit_rules`, e.g.
 * `{ enabled: false }`: `/manage/{id}` is then the cancel-free-order page), or with null puts the demo's back
 * (self-edit on for Workshops). Only this worker's seller changes; a test that sets them puts them back.
 */
export async function setSelfEditRules(
  request: APIRequestContext,
  seller: Seller,
  rules: Record<string, unknown> | null,
): Promise<void> {
  const url = `/__test/sellers/${seller.slug}/self_edit_rules`;
  const res = rules === null ? await request.delete(url) : await request.put(url, { data: rules });
  if (!res.ok()) throw new Error(`self_edit_rules of ${seller.slug}: ${res.status()} ${await res.text()}`);
}
