/**
 * The drawing's layout (elkjs) for every registered machine: every state has a box inside its parent's,
 * every transition an edge with a route and a label, every compound state an initial marker. (That the
 * coverage the path tests record names only transitions the machine has is checked where it is recorded:
 * tests/machines/coverage.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines';
import { machineGraph } from '../../stories/graph';
import { layoutGraph } from '../../stories/layout';

const registered = Object.entries(machines) as [string, AnyStateMachine][];

describe.each(registered)('layout of %s', (_, machine) => {
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
});
