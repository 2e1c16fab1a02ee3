/**
 * The address lookup (spec 1 §4 "Address input", §7, §8, §9): `GET address/find` and `GET address/retrieve` answer
 * in the shape of Loqate's Capture Interactive Find and Retrieve (./sandbox.ts), from the sandbox provider. Input
 * validated with zod (country one of the spec's five, text 1 to 200 characters, ids bounded), limited per client
 * address; answers are not cached publicly (what a visitor types is theirs) and nothing typed is logged.
 */
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { ADDRESS_LOOKUP_COUNTRIES } from '../../domain/identity-form';
import { clientAddress } from '../http/client-address';
import type { AppCtx, C, Env } from '../http/context';
import { invalid } from '../http/errors';
import { text } from '../http/validate';
import { LIMITS, take } from '../members/rate';
import { sandboxFind, sandboxRetrieve } from './sandbox';

const findQuery = z.strictObject({
  country: z.enum(ADDRESS_LOOKUP_COUNTRIES),
  text: text(200).check(z.trim(), z.minLength(1)),
  container: z.optional(text(100).check(z.minLength(1))),
});
const retrieveQuery = z.strictObject({ id: text(100).check(z.minLength(1)) });

function params<T>(c: C, schema: z.ZodMiniType<T>): T {
  const entries = Object.fromEntries(
    [...new URL(c.req.url).searchParams].filter(([key]) => key !== 'seller_id'),
  );
  const parsed = z.safeParse(schema, entries);
  if (!parsed.success) throw invalid('address', 'The address lookup query is not valid.');
  return parsed.data;
}

export function registerAddressLookup(api: Hono<Env>, ctx: AppCtx): void {
  const limit = (c: C) =>
    take(
      ctx.db,
      LIMITS.addressLookupAddress,
      c.get('seller').id,
      clientAddress(c, ctx.trustProxy ?? 0),
      ctx.now(),
    );
  const privately = (c: C) => c.header('Cache-Control', 'private, no-store');
  api.get('/address/find', async (c) => {
    const q = params(c, findQuery);
    await limit(c);
    privately(c);
    return c.json({ Items: sandboxFind(q.country, q.text, q.container) });
  });
  api.get('/address/retrieve', async (c) => {
    const q = params(c, retrieveQuery);
    await limit(c);
    privately(c);
    return c.json({ Items: sandboxRetrieve(q.id) });
  });
}
