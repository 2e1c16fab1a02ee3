/**
 * No import cycles: two modules that import each other at run time make the order they are evaluated in
 * depend on who is imported first (a constant read before it is set is `undefined`, or a TDZ error). The
 * check parses each module's top-level `import` and `export … from` with the TypeScript parser (type-only ones
 * are erased, so they cannot make a run-time cycle), resolves the relative ones and finds the strongly
 * connected components (Tarjan). `machines/` must have none; elsewhere none but the known ones below.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
  elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** The specifiers a module's source imports (or re-exports from) at run time: type-only ones are left out. */
function runtimeSpecifiers(text: string, file: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            allTypes(clause.namedBindings.elements)));
      if (!typeOnly) out.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const typeOnly =
        statement.isTypeOnly ||
        (statement.exportClause &&
          ts.isNamedExports(statement.exportClause) &&
          allTypes(statement.exportClause.elements));
      if (!typeOnly) out.push(statement.moduleSpecifier.text);
    }
  }
  return out;
}

/** The modules of this repository `file` imports at run time. */
const runtimeImports = (file: string): string[] =>
  runtimeSpecifiers(readFileSync(file, 'utf8'), file).flatMap((spec) => resolveImport(file, spec) ?? []);

/** The import cycles among `files`: each a sorted list of repository paths. */
function importCycles(files: string[], importsOf = runtimeImports): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(relative(root, w));
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Cycles that were there before this check (outside machines/); a new one fails. */
const KNOWN = [
  ['api/members-client.ts', 'api/membership-client.ts'],
  ['server/cart/hold-routes.ts', 'server/cart/routes.ts'],
].map((c) => c.join(' <-> '));

describe('import cycles', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const a = join(root, 'machines/reserve/a.ts');
    const b = join(root, 'machines/reserve/b.ts');
    const c = join(root, 'machines/reserve/c.ts');
    const text: Record<string, string> = {
      [a]: "import { b } from './b';\nimport type { C } from './c';",
      [b]: "export { a } from './a';",
      [c]: "import { type A } from './a';\nimport './b';",
    };
    // Relative specifiers resolved in memory (these modules are not on disk).
    const imports = (file: string) =>
      runtimeSpecifiers(text[file] ?? '', file).map((spec) => `${resolve(dirname(file), spec)}.ts`);
    expect(importCycles([a, b, c], imports)).toEqual([['machines/reserve/a.ts', 'machines/reserve/b.ts']]);
  });

  it('machines/ has none', () => {
    expect(importCycles(sources(join(root, 'machines')))).toEqual([]);
  });

  it('api, ui, routes, server and stories have no new ones', () => {
    const files = ['api', 'domain', 'ui', 'routes', 'server', 'stories', 'machines'].flatMap((d) =>
      sources(join(root, d)),
    );
    const found = importCycles(files).map((c) => c.join(' <-> '));
    expect(found.filter((c) => !KNOWN.includes(c))).toEqual([]);
  });
});
