/**
 * The story viewer's exports for every registered machine: the Mermaid `stateDiagram-v2` text read back
 * holds every state (with its nesting, initial and final markers and invoked actors) and every transition
 * with its event, guard and target; the JSON config re-imports with `createMachine` to the same states.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine } from 'xstate';
import { machines } from '../../machines';
import { toJsonConfig, toMermaidText } from '../../stories/export';
import { machineGraph, transitionLabel } from '../../stories/graph';
import { mermaidId, parseMermaid, ROOT_ALIAS, toMermaid } from '../../stories/mermaid';

/** Every state node id of a machine, read from the machine itself (the oracle). */
function stateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    ids.push(node.id);
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return ids.sort();
}

/** Every transition definition of a machine: source, event ('' for always), guard, targets. */
function transitionsOf(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of all) {
      const guard = typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string })?.type ?? '');
      const targets = (t.target ?? []).map((target: { id: string }) => target.id).join(',');
      out.push(`${node.id} ${t.eventType ?? ''} [${guard}] -> ${targets}`);
    }
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return out.sort();
}

const registered = Object.entries(machines) as [string, AnyStateMachine][];

describe.each(registered)('exports of %s', (_, machine) => {
  const graph = machineGraph(machine);

  it('the graph holds every state node and every transition of the machine', () => {
    expect(graph.states.map((s) => s.id).sort()).toEqual(stateIds(machine));
    const fromGraph = graph.transitions
      .map((t) => `${t.source} ${t.eventType} [${t.guard ?? ''}] -> ${t.targets.join(',')}`)
      .sort();
    expect(fromGraph).toEqual(transitionsOf(machine));
  });

  it('Mermaid text round-trips: every state, its nesting, initial, final and invoke, and every transition', () => {
    const text = toMermaidText(machine);
    expect(text).toBe(toMermaid(graph));
    const parsed = parseMermaid(text);
    const id = (stateId: string) => mermaidId(graph, stateId);
    const [root, ...states] = graph.states;
    // Mermaid ids are unique per state.
    expect(new Set(states.map((s) => id(s.id))).size).toBe(states.length);
    for (const state of states) {
      expect(parsed.states.get(id(state.id)), state.id).toBe(state.key);
      if (state.parent !== root?.id) {
        expect(parsed.children.get(id(state.parent as string)), state.id).toContain(id(state.id));
      }
      if (state.initial) expect(parsed.initial.get(id(state.id))).toBe(id(state.initial));
      expect(parsed.finals.has(id(state.id))).toBe(state.kind === 'final');
      for (const invoke of state.invokes) {
        expect(parsed.notes).toContainEqual({ of: id(state.id), text: `invoke ${invoke.src}` });
      }
    }
    if (root?.initial) expect(parsed.initial.get('')).toBe(id(root.initial));
    expect(parsed.states.size).toBe(states.length + (parsed.states.has(ROOT_ALIAS) ? 1 : 0));

    const expected = graph.transitions.flatMap((t) =>
      (t.targets.length ? t.targets : [t.source]).map((target) => ({
        from: t.source === root?.id ? ROOT_ALIAS : id(t.source),
        to: id(target),
        label: transitionLabel(t),
      })),
    );
    expect(parsed.transitions).toEqual(expected);
  });

  it('the JSON config re-imports with createMachine to the same state ids and transitions', () => {
    const reimported = createMachine(JSON.parse(toJsonConfig(machine)));
    expect(reimported.id).toBe(machine.id);
    expect(stateIds(reimported)).toEqual(stateIds(machine));
    expect(transitionsOf(reimported)).toEqual(transitionsOf(machine));
  });
});

describe('machine graph', () => {
  it('labels guards, delays and invoked actors (modals: after closeTransition; cart: invokes)', () => {
    const modals = machineGraph(machines.modals);
    const after = modals.transitions.filter((t) => t.kind === 'after');
    expect(after.map((t) => [t.delay, t.guard, t.targets])).toEqual([
      ['closeTransition', 'nothingStaysOpen', ['modals.closed']],
      ['closeTransition', null, ['modals.open']],
    ]);
    const cart = machineGraph(machines.cart);
    expect(cart.states.find((s) => s.id === 'cart.loading')?.invokes).toEqual([
      { id: 'loadCart', src: 'loadCart' },
    ]);
    expect(cart.states.find((s) => s.id === 'cart.active')).toMatchObject({
      kind: 'compound',
      initial: 'cart.active.idle',
    });
    expect(cart.events).toEqual(
      [
        'cart.clear',
        'cart.extend',
        'cart.inject',
        'cart.refresh',
        'cart.remove',
        'cart.updated',
        'expiry.armed',
        'expiry.confirm',
        'tick',
      ].sort(),
    );
  });
});
