import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { Db } from './db';
import type { Row } from './docs';
import { describeIssues, invalid, notFound } from './errors';
import { ParsedQuery } from './query';
import type * as t from './schema';

export interface AppCtx {
  db: Db;
  now: () => number;
  production: boolean;
}

export type Env = { Variables: { seller: Row<typeof t.seller> } };
export type C = Context<Env>;

const uuid = z.uuid();

/** A path id; malformed ids are reported as not found (of the given resource type). */
export function idParam(c: C, name: string, resource: string): string {
  const v = c.req.param(name);
  if (!v || !uuid.safeParse(v).success) throw notFound(resource);
  return v.toLowerCase();
}

export function query(c: C): ParsedQuery {
  return new ParsedQuery(new URL(c.req.url).searchParams);
}

/** Parses and validates a JSON body; an empty body counts as `{}`. */
export async function body<T extends z.ZodMiniType>(c: C, schema: T, context: string): Promise<z.infer<T>> {
  const text = await c.req.text();
  let data: unknown = {};
  if (text.trim()) {
    try {
      data = JSON.parse(text);
    } catch {
      throw invalid(context, 'The request body must be valid JSON.');
    }
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalid(context, `Invalid request: ${describeIssues(parsed.error.issues)}`);
  return parsed.data as z.infer<T>;
}
