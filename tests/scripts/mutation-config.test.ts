/**
 * The mutation runs' file lists (issue 29): `reserve` and `reserve/core` are two reports that together mutate
 * every module of machines/reserve once, and a plain machine folder mutates its modules but not its types
 * (types.ts, or <flow>.types.ts beside a machine).
 */
import { readdirSync } from 'node:fs';
import { join, matchesGlob, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const root = join(import.meta.dirname, '../..');

async function mutateOf(machine: string): Promise<string[]> {
  vi.stubEnv('STRYKER_MACHINE', machine);
  vi.resetModules();
  const config = await import(`${root}/stryker.config.mjs`);
  return config.default.mutate as string[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Stryker's reading of a mutate list: the positive globs, minus the negated ones. */
function selected(globs: string[], files: string[]): string[] {
  const take = globs.filter((g) => !g.startsWith('!'));
  const drop = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  const any = (f: string, globs: string[]) => globs.some((g) => matchesGlob(f, g));
  return files.filter((f) => any(f, take) && !any(f, drop));
}

describe('stryker.config.mjs mutate lists', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('mutates every module of machines/reserve in exactly one of the reserve and reserve/core runs', async () => {
    const files = filesUnder('machines/reserve');
    const top = selected(await mutateOf('reserve'), files);
    const core = selected(await mutateOf('reserve/core'), files);
    expect(core.length).toBeGreaterThan(0);
    expect(core.every((f) => f.startsWith('machines/reserve/core/'))).toBe(true);
    expect(top.filter((f) => core.includes(f))).toEqual([]);
    const modules = files.filter(
      (f) =>
        f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('/types.ts') && !f.endsWith('.types.ts'),
    );
    expect([...top, ...core].sort()).toEqual(modules.sort());
    // a variant's types beside its machine (<variant>.types.ts) are types alone, as types.ts is
    expect(files).toContain('machines/reserve/dateFirstReserve.types.ts');
    expect(top).not.toContain('machines/reserve/dateFirstReserve.types.ts');
    expect(top).toContain('machines/reserve/dateFirstReserve.view.ts');
  });

  it('mutates a plain folder whole, but not its types', async () => {
    const files = filesUnder('machines/cart');
    const cart = selected(await mutateOf('cart'), files);
    expect(cart).toContain('machines/cart/cart.machine.ts');
    expect(cart.some((f) => f.endsWith('/types.ts'))).toBe(false);
    expect(cart.length).toBe(files.filter((f) => f.endsWith('.ts') && !f.endsWith('/types.ts')).length);
  });

  it("runs the variants' tests for reserve/core (they invoke the core) and leaves the mutant files out", async () => {
    vi.stubEnv('STRYKER_MACHINE', 'reserve/core');
    vi.stubEnv('STRYKER_WITHOUT_PATHS', '1');
    vi.resetModules();
    const config = await import(`${root}/vitest.mutation.config.ts`);
    const include = config.default.test.include as string[];
    expect(include).toContain('tests/machines/dateFirstReserve.table.test.ts');
    expect(include).toContain('tests/machines/reserve-core-rules.test.ts');
    expect(include).toContain('tests/machines/registry.test.ts');
    expect(include.some((f) => f.endsWith('.mutants.test.ts') || f.endsWith('.paths.test.ts'))).toBe(false);
    expect(include).not.toContain('tests/machines/cart.table.test.ts');
  });

  it('refuses a machine name that is not a folder path', async () => {
    await expect(mutateOf('../server')).rejects.toThrow('STRYKER_MACHINE');
  });
});
