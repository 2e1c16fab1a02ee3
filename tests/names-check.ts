/**
 * Every component and route test ends with the accessible-name rule (tests/ui/accessible-names.ts, issue 27)
 * over what it rendered: a control without a name, a name that hides the text a control shows, or two controls
 * of one name in a region fail the test that rendered them. It runs before the test file's own cleanup: the
 * isolated project runs after-each hooks in the order they were registered (`sequence.hooks: 'list'`), and
 * this setup file registers first.
 */
import { afterEach, expect } from 'vitest';
import { accessibleNameProblems } from './ui/accessible-names';

afterEach(() => {
  if (typeof document === 'undefined') return;
  const problems = accessibleNameProblems(document.body).map((p) => `${p.rule}: ${p.detail}`);
  expect(problems, 'accessible names of the rendered controls').toEqual([]);
});
