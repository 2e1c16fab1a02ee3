/**
 * `npm run machines:export`: writes each registered machine as JSON (machines/export/<id>.json, ready for
 * Stately Studio's import; implementations are named in `setup`, so the config is plain data) and as
 * Mermaid `stateDiagram-v2` text (machines/export/<id>.mmd).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machines } from '../machines';
import { toJsonConfig, toMermaidText } from '../stories/export';

const out = join(import.meta.dirname, '..', 'machines', 'export');
mkdirSync(out, { recursive: true });
for (const [id, machine] of Object.entries(machines)) {
  const json = join(out, `${id}.json`);
  const mermaid = join(out, `${id}.mmd`);
  writeFileSync(json, toJsonConfig(machine));
  writeFileSync(mermaid, toMermaidText(machine));
  console.info(`${id} -> ${json}, ${mermaid}`);
}
