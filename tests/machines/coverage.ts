/**
 * Records which transitions a machine's path tests walked on real actors, for the story viewer's coverage
 * overlay: transitions no test walks stand out on the drawing. Written to `test-results/walked/<id>.json`,
 * an ignored output folder (scripts/test.mjs recreates test-results/ and runs vitest before the build), never
 * into the source tree: the viewer imports whatever is there when it is built or served, and draws coverage as
 * unknown for a machine no path test has recorded on this checkout yet.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { machines } from '../../machines';
import { machineGraph } from '../../stories/graph';
import type { PathWalkReport } from '../../stories/replay';

export const WALKED_DIR = join(__dirname, '../../test-results/walked');

export function recordCoverage(machineId: keyof typeof machines, report: PathWalkReport): void {
  // The overlay matches these keys with the drawing's transitions: each must be one of the machine's own.
  const keys = new Set(machineGraph(machines[machineId]).transitions.map((t) => t.key));
  expect(
    report.taken.filter((key) => !keys.has(key)),
    `${machineId}: walked keys that are not its transitions`,
  ).toEqual([]);
  mkdirSync(WALKED_DIR, { recursive: true });
  writeFileSync(
    join(WALKED_DIR, `${machineId}.json`),
    `${JSON.stringify({ machine: machineId, taken: report.taken }, null, 2)}\n`,
  );
}
