/**
 * The seller's content blocks as the runtime configuration carries them (spec 3 §6; server/catalog/content-blocks.ts
 * writes them strictly). Read here, at the boundary, by the shell's lazy slot: each block is checked alone and
 * one that does not read is left out (the others still show); a route name this build does not know is dropped
 * from its block's list. Loaded with the slot's chunk, never in a first load.
 */
import * as z from 'zod/mini';
import type { ContentBlock } from '../domain/content-blocks';
import { ROUTE_NAMES, type RouteName } from '../domain/shell';

const block = z.object({
  id: z.string().check(z.maxLength(40)),
  html: z.string().check(z.minLength(1), z.maxLength(10_000)),
  routes: z.optional(z.array(z.string())),
  roles: z.optional(z.array(z.string())),
});

const isRouteName = (name: string): name is RouteName => (ROUTE_NAMES as readonly string[]).includes(name);

export function readContentBlocks(raw: readonly unknown[] | undefined): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const item of raw ?? []) {
    const parsed = block.safeParse(item);
    if (!parsed.success) continue;
    const { id, html, routes, roles } = parsed.data;
    out.push({
      id,
      html,
      ...(routes ? { routes: routes.filter(isRouteName) } : {}),
      ...(roles ? { roles } : {}),
    });
  }
  return out;
}
