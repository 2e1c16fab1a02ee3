/**
 * Records which transitions a machine's path tests walked on real actors (`stories/walked/<id>.json`),
 * for the story viewer's coverage overlay: transitions no test walks stand out on the drawing. Written
 * only when it changed, so a green run leaves the tree clean.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PathWalkReport } from '../../stories/replay';

export function recordCoverage(machineId: string, report: PathWalkReport): void {
  const dir = join(__dirname, '../../stories/walked');
  const file = join(dir, `${machineId}.json`);
  const text = `${JSON.stringify({ machine: machineId, taken: report.taken }, null, 2)}\n`;
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text);
}
