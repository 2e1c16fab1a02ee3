/**
 * The seller's content blocks (spec 3 §6, issue 26): config row `content_blocks`, checked strictly when it is set
 * (unknown keys, unknown route names, duplicate ids, bounds, NUL: refused with the reason), carried by the
 * runtime configuration; the demo the server runs has the seed option's blocks, the test sellers none until a
 * test sets them (PUT 400 on a bad body, 413 past its size); a stored row that does not read gives none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import {
  CONTENT_BLOCKS_KEY,
  contentBlocksConfig,
  contentBlocksOf,
} from '../../server/catalog/content-blocks';
import { createDb, type DbHandle } from '../../server/db';
import { setSellerConfig } from '../../server/seed/config-rows';
import { demoContentBlocks, seed } from '../../server/seed/demo';
import { START } from './helpers';

let handle: DbHandle;
const now = () => START;

beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await seed(handle.db, { now, contentBlocks: true });
});
afterAll(async () => {
  await handle.close();
});

const guests = { id: 'guests', html: '<p>Members visit free</p>', routes: ['events'], roles: ['anonymous'] };

describe('contentBlocksConfig', () => {
  it('takes blocks with an id, HTML, and optional route names and roles', () => {
    expect(contentBlocksConfig.safeParse({ blocks: [guests, { id: 'all', html: '<p>x</p>' }] }).success).toBe(
      true,
    );
    expect(contentBlocksConfig.safeParse({ blocks: [] }).success).toBe(true);
  });

  it('refuses what a storefront could not show as meant', () => {
    for (const value of [
      null,
      [],
      { blocks: [guests], extra: 1 },
      { blocks: [{ ...guests, placement: 'top' }] },
      { blocks: [{ ...guests, routes: ['galaxy'] }] },
      { blocks: [{ ...guests, routes: [] }] },
      { blocks: [{ ...guests, roles: ['Anonymous'] }] },
      { blocks: [{ ...guests, html: '' }] },
      { blocks: [{ ...guests, html: 'x'.repeat(10_001) }] },
      { blocks: [{ ...guests, html: 'a\u0000b' }] },
      { blocks: [{ ...guests, id: 'Has Space' }] },
      { blocks: [guests, guests] },
      { blocks: Array.from({ length: 21 }, (_, i) => ({ ...guests, id: `b${i}` })) },
    ])
      expect(contentBlocksConfig.safeParse(value).success, JSON.stringify(value)?.slice(0, 80)).toBe(false);
  });
});

describe('the runtime configuration carries the seller’s content blocks', () => {
  const app = () => createApp({ db: handle.db, now, testSellers: true });
  const config = async (slug: string) =>
    (await (await app().request(`/__config?slug=${slug}`)).json()) as { contentBlocks?: unknown };

  it('the demo seeded with the option has its blocks', async () => {
    expect((await config('demo-museum')).contentBlocks).toEqual(demoContentBlocks('demo-museum'));
  });

  it('a test seller has none; PUT sets them as a seller would (400 with the reason, 413), DELETE removes them', async () => {
    const a = app();
    expect(
      (await a.request('/__test/sellers', { method: 'POST', body: JSON.stringify({ slug: 'w6-blocks' }) }))
        .status,
    ).toBe(200);
    expect((await config('w6-blocks')).contentBlocks).toBeUndefined();
    const put = (body: string) =>
      a.request('/__test/sellers/w6-blocks/content_blocks', { method: 'PUT', body });
    const refused = await put(JSON.stringify({ blocks: [{ ...guests, routes: ['galaxy'] }] }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^blocks\.0\.routes\.0: /);
    expect((await put('not json')).status).toBe(400);
    expect((await put('null')).status).toBe(400);
    expect((await put(JSON.stringify({ blocks: [{ ...guests, html: 'x'.repeat(70_000) }] }))).status).toBe(
      413,
    );
    expect(
      (await a.request('/__test/sellers/w9-none/content_blocks', { method: 'PUT', body: '{}' })).status,
    ).toBe(404);
    expect((await config('w6-blocks')).contentBlocks).toBeUndefined();
    expect((await put(JSON.stringify({ blocks: [guests] }))).status).toBe(200);
    expect((await config('w6-blocks')).contentBlocks).toEqual([guests]);
    // Setting it again replaces the row.
    expect((await put(JSON.stringify({ blocks: [{ id: 'all', html: '<p>x</p>' }] }))).status).toBe(200);
    expect((await config('w6-blocks')).contentBlocks).toEqual([{ id: 'all', html: '<p>x</p>' }]);
    // Other sellers keep theirs.
    expect((await config('demo-museum')).contentBlocks).toEqual(demoContentBlocks('demo-museum'));
    expect((await a.request('/__test/sellers/w6-blocks/content_blocks', { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await config('w6-blocks')).contentBlocks).toBeUndefined();
  });

  it('a stored row that does not read (written some other way) gives no blocks', async () => {
    const a = app();
    await a.request('/__test/sellers', { method: 'POST', body: JSON.stringify({ slug: 'w7-blocks' }) });
    const sellerId = ((await config('w7-blocks')) as { sellerId?: string }).sellerId as string;
    await setSellerConfig(handle.db, sellerId, 'w7-blocks', CONTENT_BLOCKS_KEY, { blocks: [{ id: 'x' }] });
    expect(await contentBlocksOf(handle.db, sellerId)).toBeUndefined();
    expect((await config('w7-blocks')).contentBlocks).toBeUndefined();
  });
});
