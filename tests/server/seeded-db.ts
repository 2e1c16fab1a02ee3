/**
 * The seeded test database, built once per vitest run instead of once per test file.
 *
 * Every server test file starts from the same state: the schema (server/ddl.ts and the members, seats and
 * membership DDL) and the demo seed at START. Creating an in-memory PGlite runs initdb in WebAssembly, and
 * the seed makes hundreds of inserts and hashes passwords with scrypt: seconds per file, most of a server
 * file's time. So the first file of a run that needs the database builds it as `createDb` and `seed` always
 * did and leaves a copy, and every other file starts from that copy:
 * - PGlite: a tarball of the seeded data directory (`dumpDataDir`), loaded into a new in-memory PGlite
 *   (`loadDataDir`), so each file still has a database of its own;
 * - PostgreSQL (TEST_DATABASE_URL): a template database, and each file gets `CREATE DATABASE ... TEMPLATE`.
 *
 * The copy lives in the run's directory (tests/global-setup.ts provides it and removes it, and drops the
 * template database, when the run ends); of two workers that need it at once, one builds it (an atomic
 * `mkdir` is the lock) and the other waits for it to be written.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db, type DbHandle } from '../../server/db';
import * as schema from '../../server/schema';
import { seed } from '../../server/seed/demo';
import { templateName } from '../global-setup';

/** The instant the seed runs at (the tests' clock starts there): 2026-11-21 10:00 in New York. */
export const SEED_NOW = Date.parse('2026-11-21T15:00:00Z');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory of this vitest run (tests/global-setup.ts), for the seeded copies. */
    seededDbDir: string;
  }
}

function runDir(): string {
  const dir = inject('seededDbDir');
  if (!dir) throw new Error('tests/global-setup.ts did not provide the run directory (vitest.config.ts)');
  return dir;
}

/**
 * The copy named `name` in the run directory: built by `build` in the first worker to ask (which gets its
 * result), read by every other one.
 */
async function once<T>(name: string, build: () => Promise<{ copy: string; result: T }>): Promise<T | string> {
  const dir = runDir();
  const ready = join(dir, `${name}.ready`);
  const failed = join(dir, `${name}.failed`);
  if (!existsSync(ready)) {
    let builder = false;
    try {
      mkdirSync(join(dir, `${name}.lock`));
      builder = true;
    } catch {
      // Another worker builds it.
    }
    if (builder) {
      try {
        const { copy, result } = await build();
        writeFileSync(`${ready}.tmp`, copy);
        renameSync(`${ready}.tmp`, ready);
        return result;
      } catch (e) {
        writeFileSync(failed, String((e as Error)?.stack ?? e));
        throw e;
      }
    }
    // Waits for the builder's file (the builder's own hook timeout bounds the seed).
    while (!existsSync(ready)) {
      if (existsSync(failed)) throw new Error(`building the seeded ${name} failed: ${readFileSync(failed)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return readFileSync(ready, 'utf8');
}

/** A Blob's bytes; a jsdom test file's Blob (PGlite makes the dump with the global one) has no arrayBuffer(). */
async function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A fresh seeded in-memory PGlite of this file's own. */
async function seededPglite(): Promise<DbHandle> {
  const out = await once('pglite', async () => {
    const handle = await createDb({ dataDir: 'memory://' });
    await seed(handle.db, { now: () => SEED_NOW });
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const tarball = join(runDir(), 'pglite.tar');
    writeFileSync(`${tarball}.tmp`, await bytesOf(await client.dumpDataDir('none')));
    renameSync(`${tarball}.tmp`, tarball);
    return { copy: tarball, result: handle };
  });
  if (typeof out !== 'string') return out;
  // As createDb makes it (server/db.ts), from the seeded data directory; the DDL is in it already. Node's own
  // Blob: a jsdom test file's global Blob has no arrayBuffer(), which PGlite reads the tarball with.
  const client = new PGlite({ loadDataDir: new NodeBlob([readFileSync(out)]) as unknown as Blob });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh seeded database of this file's own on the PostgreSQL server of `adminUrl`, dropped on close. */
async function seededPostgres(adminUrl: string): Promise<DbHandle> {
  const template = templateName(runDir());
  await once('postgres', async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
    const handle = await createDb({ databaseUrl: databaseUrl(adminUrl, template) });
    await seed(handle.db, { now: () => SEED_NOW });
    // No session may stay connected to a template while it is copied.
    await handle.close();
    return { copy: template, result: null };
  });
  const name = `tix_test_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const handle = await createDb({ databaseUrl: databaseUrl(adminUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

/**
 * A seeded database of the test file's own: in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * URL whose user may create databases) a database of its own on that server, dropped when closed.
 */
export function seededDb(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? seededPostgres(adminUrl) : seededPglite();
}
