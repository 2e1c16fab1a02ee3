/**
 * One shape per flow (issue 17, DESIGN "Flow modules"): every machine in `machines/` stands beside its types
 * (typed context, events, input and done events), its rules (pure functions the config names) and its view
 * (the view model and callbacks a screen or the story viewer renders from). A flow has them as
 * `<flow>.types.ts` beside `<flow>.machine.ts` or, when it is the folder's one flow, as `types.ts`; a reserve
 * variant's implementations (`<flow>.impl.ts`) stand for its rules. A new machine without them fails here.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const machinesDir = join(root, 'machines');

/** Child machines with no screen: their parent's view reads their output (orderLoad: the three order pages). */
const NO_VIEW = new Set(['machines/orderLoad/orderLoad.machine.ts']);

function machineFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return machineFiles(path);
    return name.endsWith('.machine.ts') ? [path] : [];
  });
}

/** The parts a machine file lacks: `types`, `rules`, `view` (none: it has the flow's shape). */
function missingParts(machineFile: string, exists: (path: string) => boolean): string[] {
  const dir = machineFile.slice(0, machineFile.lastIndexOf('/'));
  const flow = machineFile.slice(dir.length + 1, -'.machine.ts'.length);
  const has = (...parts: string[]) =>
    parts.some((part) => exists(`${dir}/${flow}.${part}.ts`) || exists(`${dir}/${part}.ts`));
  const missing: string[] = [];
  if (!has('types')) missing.push('types');
  if (!has('rules', 'impl')) missing.push('rules');
  if (!has('view')) missing.push('view');
  return missing;
}

describe('one shape per flow', () => {
  const files = machineFiles(machinesDir).map((path) => relative(root, path).replaceAll('\\', '/'));

  it('finds the machines (33 or more)', () => {
    expect(files.length).toBeGreaterThanOrEqual(33);
  });

  it('every machine has its types, rules and view beside it', () => {
    const problems = files.flatMap((file) =>
      missingParts(file, (path) => existsSync(join(root, path)))
        .filter((part) => !(part === 'view' && NO_VIEW.has(file)))
        .map((part) => `${file}: no ${part}`),
    );
    expect(problems).toEqual([]);
  });

  it('reads a flow-named part or the folder’s one part, and tells each missing part', () => {
    const tree = new Set(['m/a/a.machine.ts', 'm/a/types.ts', 'm/b/x.types.ts', 'm/b/x.impl.ts']);
    const exists = (path: string) => tree.has(path);
    expect(missingParts('m/a/a.machine.ts', exists)).toEqual(['rules', 'view']);
    expect(missingParts('m/b/x.machine.ts', exists)).toEqual(['view']);
    expect(missingParts('m/c/c.machine.ts', exists)).toEqual(['types', 'rules', 'view']);
  });
});
