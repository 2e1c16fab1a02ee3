import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';

/** Every function in a value, with its path (arrays by index). */
function functionsIn(value: unknown, path = 'config'): { path: string; name: string }[] {
  if (typeof value === 'function') return [{ path, name: value.name }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => functionsIn(v, `${path}.${key}`));
}

/** Where a named mapper may sit: the machine's context and output, an invoke's input. */
const MAPPER_PATH = /^config\.(context|output)$|\.invoke(\.\d+)?\.input$/;

describe('machine registry', () => {
  it('registers every machine under its own id', () => {
    for (const [key, machine] of Object.entries(machines)) expect(machine.id).toBe(key);
  });

  it('keeps every config data only: no function but the named context, output and input mappers', () => {
    for (const [key, machine] of Object.entries(machines)) {
      const functions = functionsIn(machine.config);
      expect(
        functions.filter((f) => !MAPPER_PATH.test(f.path)).map((f) => f.path),
        `${key}: functions outside the mappers`,
      ).toEqual([]);
      // A named mapper has its own name; an inline arrow takes the property's name (or none).
      const property = (path: string) => path.split('.').at(-1);
      expect(
        functions.filter((f) => f.name === '' || f.name === property(f.path)).map((f) => f.path),
        `${key}: inline mappers`,
      ).toEqual([]);
    }
  });
});
