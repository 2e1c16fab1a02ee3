import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';

/** Walks a value and lists the paths of any functions in it. */
function functionPaths(value: unknown, path = 'config'): string[] {
  if (typeof value === 'function') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => functionPaths(v, `${path}.${key}`));
}

describe('machine registry', () => {
  it('registers every machine under its own id', () => {
    for (const [key, machine] of Object.entries(machines)) expect(machine.id).toBe(key);
    expect(Object.keys(machines).sort()).toEqual(['cart', 'checkout', 'dateFirstReserve', 'modals']);
  });

  it('exports configs that survive JSON for Stately Studio, with every state described or named', () => {
    for (const machine of Object.values(machines)) {
      const json = JSON.parse(JSON.stringify(machine.config));
      expect(json.id).toBe(machine.id);
      expect(Object.keys(json.states ?? {}).length).toBeGreaterThan(1);
      // Only the named context/input mappers may be functions; they are dropped by JSON.stringify.
      const allowed = /\.(context|input|output)$/;
      expect(functionPaths(machine.config).filter((p) => !allowed.test(p))).toEqual([]);
    }
  });
});
