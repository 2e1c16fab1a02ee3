/**
 * Catalogue rows (sellers, events, sessions, ticket groups and types, venues, meta, config) that only change when the
 * catalogue is edited, kept `ttlMs` in process memory (0 = off, the default; server/main.ts turns it on).
 * Only static fields are read from cached rows: capacity counters are always read and changed in the
 * database, so no correctness depends on this cache, and several processes may each keep one.
 */
import { eq } from 'drizzle-orm';
import type { Q } from '../db';
import {
  loadConfig,
  loadEvents,
  loadGroupsById,
  loadMeta,
  loadSessions,
  loadTypesById,
  loadVenues,
  type Row,
} from '../http/docs';
import * as t from '../schema';
import { loadSessionPriceRows, type SessionPrices, sessionPricesOf } from './session-prices';

const uniq = (xs: Array<string | null | undefined>) => [...new Set(xs.filter((x): x is string => !!x))];
const byRank = (a: { rank: number }, b: { rank: number }) => a.rank - b.rank;

/** A cached entry: its rows once loaded; while a load is in flight, the promise every caller shares. */
interface Entry {
  at: number;
  rows: unknown[] | null;
  pending: Promise<unknown[]> | null;
}

export class CatalogCache {
  private readonly maps = new Map<string, Map<string, Entry>>();

  constructor(private readonly ttlMs: number) {}

  /**
   * Rows by id, from memory when fresh. Ids that are missing or stale are loaded in one query, and requests
   * that want them meanwhile share that load (no stampede of identical queries when an entry expires), so
   * `q` is the database, never a transaction.
   */
  private async by<T>(
    kind: string,
    q: Q,
    ids: Array<string | null | undefined>,
    load: (q: Q, ids: string[]) => Promise<T[]>,
    keyOf: (row: T) => string,
  ): Promise<T[]> {
    const u = uniq(ids);
    if (this.ttlMs <= 0 || !u.length) return u.length ? load(q, u) : [];
    let m = this.maps.get(kind);
    if (!m) {
      m = new Map();
      this.maps.set(kind, m);
    }
    const now = Date.now();
    const out: T[] = [];
    const waits: Promise<unknown[]>[] = [];
    const missing: string[] = [];
    for (const id of u) {
      const e = m.get(id);
      if (e && now - e.at < this.ttlMs) {
        if (e.rows) out.push(...(e.rows as T[]));
        else if (e.pending) waits.push(e.pending);
      } else missing.push(id);
    }
    if (missing.length) {
      const ids = missing;
      const loaded = load(q, ids).then((rows) => {
        const grouped = new Map<string, T[]>(ids.map((id) => [id, []]));
        for (const r of rows) grouped.get(keyOf(r))?.push(r);
        return grouped;
      });
      if (m.size > 5000) m.clear();
      const map = m;
      for (const id of ids) {
        const entry: Entry = { at: now, rows: null, pending: null };
        entry.pending = loaded.then(
          (grouped) => {
            entry.rows = grouped.get(id) ?? [];
            entry.pending = null;
            return entry.rows;
          },
          (err: unknown) => {
            // A failed load is not cached: the next request tries again.
            if (map.get(id) === entry) map.delete(id);
            throw err;
          },
        );
        map.set(id, entry);
        waits.push(entry.pending);
      }
    }
    if (waits.length) for (const rows of await Promise.all(waits)) out.push(...(rows as T[]));
    return out;
  }

  seller(q: Q, id: string) {
    return this.by(
      'seller',
      q,
      [id],
      (qq, ids) =>
        qq
          .select()
          .from(t.seller)
          .where(eq(t.seller.id, ids[0] as string))
          .limit(1),
      (r: Row<typeof t.seller>) => r.id,
    ).then((rows) => rows[0]);
  }

  async events(q: Q, ids: Array<string | null | undefined>) {
    return (await this.by('event', q, ids, loadEvents, (r) => r.id)).sort(byRank);
  }

  /**
   * Ticket groups as documents show them: unlimited ones (used capacity not kept) from the cache, limited ones
   * fresh from the database (their used capacity is live).
   */
  async groupsForDocument(q: Q, ids: Array<string | null | undefined>) {
    if (this.ttlMs <= 0) return loadGroupsById(q, ids);
    const cached = await this.groups(q, ids);
    const limited = cached.filter((g) => g.capacity !== -1).map((g) => g.id);
    if (!limited.length) return cached;
    const live = new Map((await loadGroupsById(q, limited)).map((g) => [g.id, g]));
    return cached.map((g) => live.get(g.id) ?? g);
  }

  /** Ticket groups for their static fields (rules, names); their used capacity may be stale. */
  async groups(q: Q, ids: Array<string | null | undefined>) {
    return (await this.by('group', q, ids, loadGroupsById, (r) => r.id)).sort(byRank);
  }

  /** Sessions for their static fields (times, sales window); never for their capacity counters. */
  sessions(q: Q, ids: Array<string | null | undefined>) {
    return this.by('session', q, ids, loadSessions, (r) => r.id);
  }

  /** The sessions' own prices of ticket types (server/catalog/session-prices.ts). */
  async sessionPrices(q: Q, sessionIds: Array<string | null | undefined>): Promise<SessionPrices> {
    return sessionPricesOf(
      await this.by('session_price', q, sessionIds, loadSessionPriceRows, (r) => r.eventSessionId),
    );
  }

  async types(q: Q, ids: Array<string | null | undefined>) {
    return (await this.by('type', q, ids, loadTypesById, (r) => r.id)).sort(byRank);
  }

  venues(q: Q, ids: Array<string | null | undefined>) {
    return this.by('venue', q, ids, loadVenues, (r) => r.id);
  }

  meta(q: Q, resourceIds: string[]) {
    return this.by('meta', q, resourceIds, loadMeta, (r) => r.resourceId);
  }

  /** Config rows of resources, optionally only some keys. */
  async config(q: Q, resourceIds: string[], keys?: string[] | null) {
    const rows = await this.by(
      'config',
      q,
      resourceIds,
      (qq, ids) => loadConfig(qq, ids),
      (r) => r.resourceId,
    );
    return keys ? rows.filter((r) => keys.includes(r.key)) : rows;
  }

  /** An identity that does not change (a seller's public identity). */
  identity(q: Q, id: string) {
    return this.by(
      'identity',
      q,
      [id],
      (qq, ids) =>
        qq
          .select()
          .from(t.identity)
          .where(eq(t.identity.id, ids[0] as string))
          .limit(1),
      (r: Row<typeof t.identity>) => r.id,
    );
  }
}
