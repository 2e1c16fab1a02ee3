/**
 * vitest globalSetup: a directory for this run, where the first server test file leaves the seeded database
 * for the others (tests/server/seeded-db.ts); removed at the end of the run, with the PostgreSQL template
 * database when one was made.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** The name of the run's PostgreSQL template database, from the run's directory. */
export function templateName(dir: string): string {
  const id = dir.replace(/[^a-z0-9]/gi, '').toLowerCase();
  return `tix_tpl_${id.slice(-20)}`;
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tix-vitest-'));
  project.provide('seededDbDir', dir);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl && existsSync(join(dir, 'postgres.ready'))) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${templateName(dir)}`);
      } finally {
        await admin.end();
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
