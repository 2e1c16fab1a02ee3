/**
 * The drawing's layout (elkjs) for every registered machine: every state has a box inside its parent's,
 * every transition an edge with a route and a label, every compound state an initial marker; and the
 * coverage the path tests recorded names only transitions the machine has.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines';
import { machineGraph } from '../../stories/graph';
import { layoutGraph } from '../../stories/layout';

const registered = Object.entries(machines) as [string, AnyStateMachine][];

describe.each(registered)('layout of %s', (id, machine) => {
  it('boxes every state inside its parent, routes and labels every transition, marks initial states', async () => {
    const graph = machineGraph(machine);
    const layout = await layoutGraph(graph);
    for (const state of graph.states.slice(1)) {
      const box = layout.states[state.id];
      expect(box, state.id).toBeDefined();
      const parent = state.parent ? layout.states[state.parent] : undefined;
      if (box && parent) {
        expect(box.x).toBeGreaterThanOrEqual(parent.x);
        expect(box.y).toBeGreaterThanOrEqual(parent.y);
        expect(box.x + box.width).toBeLessThanOrEqual(parent.x + parent.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(parent.y + parent.height + 0.5);
      }
      if (state.initial) expect(layout.initials[state.id], `initial of ${state.id}`).toBeDefined();
    }
    for (const transition of graph.transitions) {
      const edges = layout.edges.filter((edge) => edge.transitionKey === transition.key);
      expect(edges.length, transition.key).toBe(Math.max(1, transition.targets.length));
      for (const edge of edges) {
        expect(edge.points.length).toBeGreaterThanOrEqual(2);
        expect(edge.label?.text).toContain(transition.event);
      }
    }
  });

  it('has path-test coverage naming only its own transitions (none recorded when it has none)', () => {
    const file = join(__dirname, '../../stories/walked', `${id}.json`);
    const keys = new Set(machineGraph(machine).transitions.map((t) => t.key));
    // A machine without transitions (the app root, the guest-only session) has nothing a path test could walk.
    if (keys.size === 0) {
      expect(existsSync(file)).toBe(false);
      return;
    }
    const walked = JSON.parse(readFileSync(file, 'utf8')) as { machine: string; taken: string[] };
    expect(walked.machine).toBe(id);
    expect(walked.taken.filter((key) => !keys.has(key))).toEqual([]);
  });
});
