/**
 * `npm run machines:export`: writes each registered machine's config as JSON (machines/export/<id>.json),
 * ready for Stately Studio's import. Implementations are named in `setup`, so the config is plain data.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machines } from '../machines';

const out = join(import.meta.dirname, '..', 'machines', 'export');
mkdirSync(out, { recursive: true });
for (const [id, machine] of Object.entries(machines)) {
  const file = join(out, `${id}.json`);
  writeFileSync(file, `${JSON.stringify(machine.config, null, 2)}\n`);
  console.info(`${id} -> ${file}`);
}
