/**
 * Reading the committed mutation reports (issue 29, scripts/mutation-report.mjs): the score as Stryker counts it,
 * and which files changed since a report was made (what `npm run mutation:status` calls stale).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A plain .mjs script (run by node, no declarations): imported by path, as mutation-config.test.ts does.
const { changedFiles, defaultFolders, reportPath, scoreOf } = await import(
  `${join(import.meta.dirname, '../..')}/scripts/mutation-report.mjs`
);

const mutants = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe('scoreOf', () => {
  it('counts killed and timed-out mutants as detected, survivors and uncovered ones as not, the rest as not valid', () => {
    const s = scoreOf({
      files: {
        'a.ts': { mutants: mutants('Killed', 'Killed', 'Timeout', 'Survived') },
        'b.ts': { mutants: mutants('NoCoverage', 'CompileError', 'RuntimeError', 'Ignored', 'Killed') },
      },
    });
    expect(s).toEqual({ detected: 4, undetected: 2, invalid: 3, score: (100 * 4) / 6 });
  });

  it('is 100 with no valid mutant (nothing to detect), not NaN', () => {
    expect(scoreOf({ files: { 'a.ts': { mutants: mutants('CompileError') } } }).score).toBe(100);
  });
});

describe('changedFiles', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names the files whose source is not the one the report mutated, and the files that are gone', () => {
    dir = mkdtempSync(join(tmpdir(), 'mutation-report-'));
    writeFileSync(join(dir, 'same.ts'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'edited.ts'), 'export const b = 3;\n');
    const report = {
      files: {
        'same.ts': { source: 'export const a = 1;\n' },
        'edited.ts': { source: 'export const b = 2;\n' },
        'gone.ts': { source: 'export const c = 1;\n' },
      },
    };
    expect(changedFiles(report, dir)).toEqual(['edited.ts', 'gone.ts']);
  });
});

describe('defaultFolders and reportPath', () => {
  const root = join(import.meta.dirname, '../..');

  it('runs every machine folder but shared, and reserve/core on its own', () => {
    const folders: string[] = defaultFolders(root);
    expect(folders).toEqual(expect.arrayContaining(['cart', 'checkout', 'reserve', 'reserve/core']));
    expect(folders).not.toContain('shared');
  });

  it('is the file Stryker keeps as its incremental report (stryker.config.mjs), for a nested folder too', async () => {
    vi.stubEnv('STRYKER_MACHINE', 'reserve/core');
    vi.resetModules();
    const config = await import(`${root}/stryker.config.mjs`);
    vi.unstubAllEnvs();
    expect(reportPath(root, 'reserve/core')).toBe(join(root, config.default.incrementalFile));
    expect(reportPath(root, 'reserve/core')).toBe(join(root, 'reports/mutation/reserve-core.json'));
  });
});
