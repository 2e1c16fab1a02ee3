import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
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

  it('describes every machine and every state, for the analysts reading them in Stately', () => {
    const undescribed: string[] = [];
    type Node = { id: string; description?: string; states: Record<string, Node> };
    const walk = (node: Node) => {
      for (const child of Object.values(node.states)) {
        if (!child.description?.trim()) undescribed.push(child.id);
        walk(child);
      }
    };
    for (const [key, machine] of Object.entries(machines)) {
      if (!machine.config.description?.trim()) undescribed.push(`${key} (the machine)`);
      walk(machine.root as unknown as Node);
    }
    expect(undescribed).toEqual([]);
  });

  it('starts every compound state in one of its own states', () => {
    for (const [key, machine] of Object.entries(machines)) {
      type Node = { id: string; type: string; config: { initial?: unknown }; states: Record<string, Node> };
      const walk = (node: Node) => {
        if (node.type === 'compound')
          expect(Object.keys(node.states), `${key}: ${node.id}`).toContain(node.config.initial);
        for (const child of Object.values(node.states)) walk(child);
      };
      walk(machine.root as unknown as Node);
    }
  });

  it('names, in its error, every actor the route must provide', async () => {
    // Each placeholder (machines/shared/not-provided.ts) rejects with not_provided naming its actor, so a
    // machine run without its wiring says which call is missing. Real implementations (child machines, the
    // callback actors) are called with nothing and are not placeholders.
    const unnamed: string[] = [];
    let placeholders = 0;
    for (const [key, machine] of Object.entries(machines)) {
      for (const [name, logic] of Object.entries(machine.implementations.actors)) {
        const creator = (logic as { config?: unknown }).config;
        if (typeof creator !== 'function') continue;
        let result: unknown;
        try {
          result = creator({
            input: {},
            self: {},
            system: {},
            emit: () => {},
            signal: new AbortController().signal,
          });
        } catch {
          continue;
        }
        if (!(result instanceof Promise)) continue;
        const error = await result.then(
          () => null,
          (e: unknown) => e as { code?: string; description?: string },
        );
        if (error?.code !== ErrorCode.not_provided) continue;
        placeholders++;
        if (!error.description?.includes(` ${name}.`)) unnamed.push(`${key}: ${name} (${error.description})`);
      }
    }
    expect(unnamed).toEqual([]);
    expect(placeholders).toBeGreaterThan(40);
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
