/**
 * The one contract between a flow and its view (DESIGN: "Flow modules"): `ui/` may import a flow's view-model
 * types from `machines/<flow>/view.ts`, so the contract is written once, and nothing else of `machines/`.
 *
 * Biome's `noRestrictedImports` (biome.json, the `ui/**` override) lets `ui/` name those files and no other
 * file of `machines/`, but it cannot tell `import type` from a value import (its options have no
 * `allowTypeImports`). This test holds the rest: every import of `machines/` in `ui/` is a statement-level
 * `import type` (or `export type … from`). `import { type A }` is refused too: under `verbatimModuleSyntax`
 * it is kept as `import {} from '…'`, a side-effect import that would pull the flow's machine into the view's
 * chunk. A type-only import is erased, so the view model's types cost the bundle nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

/**
 * `machines/<flow>/view.ts`, a sub-flow's (`machines/reserve/core/view.ts`), or one of a folder's flows
 * (`machines/reserve/singleEventReserve.view.ts`, beside its machine).
 */
const VIEW_FILE = /^machines\/[^/]+(\/[^/]+)?\/([A-Za-z]+\.)?view(\.ts)?$/;

/**
 * What is wrong with the `machines/` imports of one `ui/` module (`file` relative to the repository root):
 * a value import of anything in `machines/`, or a type import of a file that is not a flow's view.
 */
function viewImportProblems(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const target = (spec: string) => relative(root, resolve(dirname(join(root, file)), spec));
  const check = (spec: string, typeOnly: boolean, node: ts.Node) => {
    if (!spec.startsWith('.')) return;
    const to = target(spec);
    if (to !== 'machines' && !to.startsWith('machines/')) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (!typeOnly) problems.push(`${file}:${line} imports a value from ${to} (use \`import type\`)`);
    else if (!VIEW_FILE.test(to)) problems.push(`${file}:${line} imports ${to}, not a flow's view.ts`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      check(node.moduleSpecifier.text, node.importClause?.isTypeOnly === true, node);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      check(node.moduleSpecifier.text, node.isTypeOnly, node);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) check(arg.literal.text, true, node);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      check(node.arguments[0].text, false, node);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const ref = node.moduleReference.expression;
      if (ts.isStringLiteral(ref)) check(ref.text, node.isTypeOnly, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

describe('ui/ imports only the view-model types of machines/<flow>/view.ts', () => {
  it.each([
    ['a value import of a view', 'ui/x.tsx', "import { selectCartWidgetView } from '../machines/cart/view';"],
    [
      'a value import of a machine',
      'ui/a/x.tsx',
      "import { cartMachine } from '../../machines/cart/cart.machine';",
    ],
    [
      'inline type specifiers (kept as a side-effect import)',
      'ui/x.tsx',
      "import { type V } from '../machines/cart/view';",
    ],
    [
      'a type import of a machine',
      'ui/a/x.tsx',
      "import type { S } from '../../machines/cart/cart.machine';",
    ],
    ['a type import of rules', 'ui/x.tsx', "import type { R } from '../machines/reserve/rules';"],
    [
      "a type import of a flow's selectors beside its view",
      'ui/x.tsx',
      "import type { S } from '../machines/reserve/dateFirstReserve.selectors';",
    ],
    ['a type import of the registry', 'ui/x.tsx', "import type { R } from '../machines';"],
    ['a type re-export of a machine', 'ui/x.ts', "export type { S } from '../machines/cart/types';"],
    [
      'a value re-export of a view',
      'ui/x.ts',
      "export { selectCartWidgetView } from '../machines/cart/view';",
    ],
    ['a type query of a machine', 'ui/x.ts', "export type S = import('../machines/cart/types').CartContext;"],
    ['a dynamic import of a view', 'ui/x.tsx', "export const v = () => import('../machines/cart/view');"],
  ])('refuses %s', (_name, file, text) => {
    expect(viewImportProblems(file, text)).toHaveLength(1);
  });

  it.each([
    [
      'a type import of a view',
      'ui/a/x.tsx',
      "import type { V } from '../../machines/cancelFreeOrder/view';",
    ],
    ['a sub-flow view', 'ui/x.tsx', "import type { V } from '../machines/reserve/core/view';"],
    [
      "one of a folder's flows' view",
      'ui/x.tsx',
      "import type { V } from '../machines/reserve/singleEventReserve.view';",
    ],
    ['a type re-export of a view', 'ui/x.ts', "export type { V } from '../machines/cart/view';"],
    [
      'a type query of a view',
      'ui/x.ts',
      "export type V = import('../machines/cart/view').CartWidgetViewModel;",
    ],
    ['ui/ itself', 'ui/x.tsx', "import { fill } from './strings';"],
  ])('allows %s', (_name, file, text) => {
    expect(viewImportProblems(file, text)).toEqual([]);
  });

  it('holds for every module of ui/', () => {
    const problems = sources(join(root, 'ui')).flatMap((path) =>
      viewImportProblems(relative(root, path), readFileSync(path, 'utf8')),
    );
    expect(problems).toEqual([]);
  });
});
