/**
 * The seat-map benchmark's server (scripts/bench-seatmap.mjs starts it): an in-memory database with the demo
 * seller, plus large halls of the sizes given in BENCH_HALLS (default 10000,50000; server/seed/seats.ts
 * seedLargeHall), serving the built SPA on PORT. Prints one JSON line with the halls when it listens.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { createDb } from '../server/db';
import { demoIds, seed } from '../server/seed/demo';
import { seedLargeHall } from '../server/seed/seats';

const port = Number(process.env.PORT ?? 4199);
const sizes = (process.env.BENCH_HALLS ?? '10000,50000').split(',').map(Number);
const handle = await createDb({ dataDir: 'memory://' });
await seed(handle.db);
const halls: Awaited<ReturnType<typeof seedLargeHall>>[] = [];
for (const seats of sizes) {
  const hall = await seedLargeHall(handle.db, { seller: demoIds.seller, venue: demoIds.venue }, { seats });
  halls.push(hall);
}
const app = createApp({
  db: handle.db,
  production: false,
  log: false,
  distDir: process.env.DIST_DIR,
});
serve({ fetch: app.fetch, port }, () => {
  console.info(JSON.stringify({ ready: true, port, halls }));
});
