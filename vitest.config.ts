import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { preactAlias } from './vite.config';

/**
 * Four projects on one set of options. `shared` (the server's, machines' and API clients' tests, all in node)
 * runs its files in one module graph per worker (isolate: false): a server test file imports the whole
 * server, and importing it afresh for each of 47 files cost 75 s of a 300 s pass (measured, `--no-isolate`
 * ran the same files in 175 s). So does `views-node` (below). The views' DOM tests (`isolated`) keep a fresh
 * graph per file: they switch jsdom environments, mock modules (`vi.mock`) and check fresh module instances
 * (tests/ui/strings-split); `react` is the one test on React itself.
 */
const SHARED = ['tests/server/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/api/**/*.test.ts'];
/** React's StrictMode double mount, which only React's development build does (`npm run dev` keeps React). */
const REACT = ['tests/routes/strict-mode.test.tsx'];
/**
 * The views' side in node (routes' wiring, ui rules, the story checks; no DOM): one module graph per worker too.
 * A fresh graph per file was most of their time: these 39 files ran in 33.0 s isolated (`--isolate`) and in
 * 12.8-13.5 s in one graph (measured twice each way; they pass in any order, `--sequence.shuffle`, five
 * seeds). Three stay isolated: they mock a module (`vi.mock`) or load fresh module instances (`vi.resetModules`). A new `.test.ts` in these
 * folders joins this project; `.tsx` tests (jsdom) and other folders stay isolated.
 */
const FRESH_GRAPH = [
  'tests/routes/checkout.wiring.test.ts',
  'tests/routes/locale.test.ts',
  'tests/ui/strings-split.test.ts',
];
const root = fileURLToPath(new URL('.', import.meta.url));
const VIEWS_NODE = ['tests/routes', 'tests/ui', 'tests/stories']
  .flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `${dir}/${file}`),
  )
  .filter((file) => !FRESH_GRAPH.includes(file));

/**
 * A project of the views' tests. They render with what the build ships, preact/compat (vite.config.ts): Vite's
 * alias reaches our modules and the inlined ESM libraries; tests/preact-compat.ts sends Node's require('react') of
 * the CommonJS ones (Testing Library, use-sync-external-store) to the same preact/compat. It runs after
 * tests/setup.ts, before any test file's import; then the accessible-name rule after each test.
 */
function viewsProject(test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    extends: true as const,
    resolve: { alias: preactAlias },
    test: {
      setupFiles: ['tests/preact-compat.ts', 'tests/names-check.ts'],
      sequence: { hooks: 'list' as const },
      server: { deps: { inline: [/@xstate\/react/, /wouter/, /@stripe\/react-stripe-js/] } },
      ...test,
    },
  };
}

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: on CI's two cores that is one, and the second core
    // idles while the worker runs the files one after another. Two workers at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A directory of the run, where the server tests' seeded database is built once (tests/server/seeded-db.ts).
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      viewsProject({
        name: 'isolated',
        include: ['tests/**/*.test.{ts,tsx}'],
        exclude: [...configDefaults.exclude, ...SHARED, ...REACT, ...VIEWS_NODE],
      }),
      viewsProject({ name: 'views-node', include: VIEWS_NODE, isolate: false }),
      { extends: true, test: { name: 'react', include: REACT } },
    ],
  },
});
