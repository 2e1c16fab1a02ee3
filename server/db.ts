/**
 * Database access: Drizzle over embedded PGlite (default) or node-postgres when a DATABASE_URL is given.
 * The same schema (`server/schema.ts`) and the same idempotent DDL (`server/ddl.ts`) serve both.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { CAPTCHA_DDL } from './captcha/schema';
import { CITYPASS_DDL } from './citypass/schema';
import { DDL } from './ddl';
import { LEDGER_DDL } from './ledger/schema';
import { MANAGE_DDL } from './manage/schema';
import { ensureLinkSecretSql } from './manage/token';
import { MEMBERS_DDL } from './members/schema';
import { MEMBERSHIP_DDL } from './memberships/schema';
import { PAYMENTS_DDL } from './payments/schema';
import { ISSUED_CODES_DDL } from './promo/issued';
import { PROMO_DDL } from './promo/schema';
import { REPORTS_DDL } from './reports/schema';
import * as schema from './schema';
import { SEATS_DDL } from './seats/schema';

/** Every domain's tables, each domain's after those it refers to. */
const SCHEMA_DDL = [
  DDL,
  MEMBERS_DDL,
  SEATS_DDL,
  MEMBERSHIP_DDL,
  PAYMENTS_DDL,
  PROMO_DDL,
  ISSUED_CODES_DDL,
  CITYPASS_DDL,
  MANAGE_DDL,
  REPORTS_DDL,
  LEDGER_DDL,
  CAPTCHA_DDL,
].join('');

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** Serialises the startup DDL of processes sharing one PostgreSQL (CREATE ... IF NOT EXISTS races otherwise). */
const DDL_LOCK = 7_317_001;

export async function createDb(
  options: { dataDir?: string; databaseUrl?: string; poolMax?: number } = {},
): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // A failed idle client must not crash the process (PostgreSQL restarts, network blips).
    pool.on('error', (err) => console.error('[server] idle database client failed', err.name));
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [DDL_LOCK]);
      await client.query(SCHEMA_DDL);
      await client.query(ensureLinkSecretSql.text, ensureLinkSecretSql.values());
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [DDL_LOCK]).catch(() => {});
      client.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? '.data/pglite';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  await client.exec(SCHEMA_DDL);
  await client.query(ensureLinkSecretSql.text, ensureLinkSecretSql.values());
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** The transaction type handed to `db.transaction` callbacks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction. */
export type Q = Db | Tx;
