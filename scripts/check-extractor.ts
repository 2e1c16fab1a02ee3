/**
 * `npm run machines:check`: every machine of the registry (machines/index.ts), as Stately's code extractor
 * (`@xstate/machine-extractor`, what Stately's editor tools read) reads it from its source file, must have the
 * same states and transitions as the runtime machine (the graph the JSON export and the story viewer show).
 * Prints each difference and exits 1 on any.
 *
 * The extractor wants xstate 4 as a peer, the app uses xstate 5: it lives in tools/extractor with its own
 * committed lockfile, installed here with `npm ci` when its node_modules is missing or differs from the lock.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import * as registry from '../machines';
import { machineGraph } from '../stories/graph';
import { type ExtractedState, extractedGraph, graphDifferences } from './extractor-diff';

const root = resolve(import.meta.dirname, '..');
const toolDir = join(root, 'tools', 'extractor');

/** True when every package of the tool's lockfile is installed at its locked version. */
function toolInstalled(): boolean {
  const lock = JSON.parse(readFileSync(join(toolDir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  return Object.entries(lock.packages)
    .filter(([path]) => path.startsWith('node_modules/'))
    .every(([path, { version }]) => {
      const manifest = join(toolDir, path, 'package.json');
      return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version;
    });
}

function ensureTool(): void {
  if (toolInstalled()) return;
  console.info('machines:check: installing tools/extractor (npm ci) ...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: toolDir,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !toolInstalled()) {
    console.error(
      'machines:check: could not install tools/extractor (npm ci failed); no machine was checked.',
    );
    process.exit(2);
  }
}

interface Extractor {
  extractMachinesFromFile(source: string): {
    machines: ({ toConfig(): (ExtractedState & { id?: string }) | undefined } | undefined)[];
  } | null;
}

/** Each registered machine's export name and source file, read from the registry's import lines. */
function sourceFiles(): Map<string, string> {
  const index = readFileSync(join(root, 'machines', 'index.ts'), 'utf8');
  const files = new Map<string, string>();
  for (const match of index.matchAll(/import \{ (\w+) \} from '(\.[^']+)';/g)) {
    const [, name, from] = match;
    if (name && from) files.set(name, join(root, 'machines', `${from}.ts`));
  }
  return files;
}

ensureTool();
const extractor = createRequire(join(toolDir, 'package.json'))('@xstate/machine-extractor') as Extractor;
const files = sourceFiles();
const registered = new Set<unknown>(Object.values(registry.machines));
let failures = 0;

for (const [name, value] of Object.entries(registry)) {
  if (!registered.has(value)) continue; // the `machines` record itself
  const machine = value as AnyStateMachine;
  const file = files.get(name);
  const where = file ? file.slice(root.length + 1) : '(no import line)';
  const report = (lines: string[]) => {
    failures += 1;
    console.info(`FAIL ${machine.id} (${name}, ${where})`);
    for (const line of lines) console.info(`  - ${line}`);
  };
  if (!file) {
    report([`machines/index.ts has no \`import { ${name} } from './…'\` line to find its source`]);
    continue;
  }
  const extracted = extractor
    .extractMachinesFromFile(readFileSync(file, 'utf8'))
    ?.machines.map((found) => found?.toConfig())
    .filter((config) => config !== undefined);
  const config = extracted?.find((found) => found.id === machine.id);
  if (!config) {
    const ids = (extracted ?? []).map((found) => found.id ?? '(no id)').join(', ') || 'none';
    report([`the extractor finds no machine with id "${machine.id}" in the file (it finds: ${ids})`]);
    continue;
  }
  const runtime = machineGraph(machine);
  let differences: string[];
  try {
    differences = graphDifferences(runtime, extractedGraph(config));
  } catch (error) {
    differences = [`the extracted config does not build with xstate 5: ${(error as Error).message}`];
  }
  if (differences.length > 0) report(differences);
  else
    console.info(
      `ok   ${machine.id}: ${runtime.states.length} states, ${runtime.transitions.length} transitions`,
    );
}

const total = registered.size;
console.info(`machines:check: ${total - failures} of ${total} machines read the same by the extractor`);
process.exit(failures > 0 ? 1 : 0);
