/**
 * The story viewer's model of a statechart: any registered machine turned into plain data (state nodes with
 * their parent, type, initial child, invoked actors; transitions with event, guard, delay and targets).
 * Pure: no DOM, no React; the exporter, the Mermaid writer, the layout and the tests all read this.
 */
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';

type AnyStateNode = AnyStateMachine['root'];

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface GraphState {
  /** The state node id, e.g. `cart.active.idle` (unique in the machine). */
  id: string;
  /** The state's own key, e.g. `idle`. */
  key: string;
  /** Keys from the root, e.g. ['active', 'idle'] (the root: []). */
  path: string[];
  /** The parent's id; null for the root. */
  parent: string | null;
  kind: StateKind;
  /** The id of the initial child (compound states). */
  initial: string | null;
  /** Depth below the root (the root is 0). */
  depth: number;
  description: string | null;
  /** Invoked actors: invoke id and source name. */
  invokes: { id: string; src: string }[];
  /** Entry and exit action names. */
  entry: string[];
  exit: string[];
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface GraphTransition {
  /** Stable key: `<source> <eventType|always> #<candidate index>` (the same as the path tests' keys). */
  key: string;
  source: string;
  /** Target state ids; empty for a targetless transition (it stays, running its actions). */
  targets: string[];
  /** The event type as the machine sees it (`xstate.after.…`, `xstate.done.actor.…`), '' for `always`. */
  eventType: string;
  kind: TransitionKind;
  /** The event or delay as a person reads it: `cart.remove`, `always`, `after closeTransition`, `done loadCart`. */
  event: string;
  guard: string | null;
  /** The delay's name or its milliseconds (after transitions). */
  delay: string | null;
  actions: string[];
  reenter: boolean;
}

export interface MachineGraph {
  id: string;
  description: string | null;
  /** Every state node, the root first, parents before children, in document order. */
  states: GraphState[];
  transitions: GraphTransition[];
  /** Every event type the machine handles by name (not the internal done/error/after events). */
  events: string[];
}

function kindOf(node: AnyStateNode): StateKind {
  return node.type as StateKind;
}

function nameOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return value.name || 'inline';
  if (typeof value === 'object' && 'type' in value) return String((value as { type: unknown }).type);
  return String(value);
}

function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map((action) => nameOf(action) ?? 'inline');
}

function classify(eventType: string): { kind: TransitionKind; event: string } {
  if (eventType === '') return { kind: 'always', event: 'always' };
  if (eventType.startsWith('xstate.done.actor.'))
    return { kind: 'done', event: `done ${eventType.slice('xstate.done.actor.'.length)}` };
  if (eventType.startsWith('xstate.error.actor.'))
    return { kind: 'error', event: `error ${eventType.slice('xstate.error.actor.'.length)}` };
  if (eventType.startsWith('xstate.done.state.'))
    return { kind: 'done', event: `done ${eventType.slice('xstate.done.state.'.length)}` };
  return { kind: 'event', event: eventType };
}

/** Every state node of the machine, the root first, parents before children. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return out;
}

function transitionOf(transition: AnyTransitionDefinition, candidates: readonly unknown[]): GraphTransition {
  const source = transition.source as AnyStateNode;
  const eventType = transition.eventType ?? '';
  const delayed = (transition as { delay?: unknown }).delay;
  const isAfter = eventType.startsWith('xstate.after.');
  const delay = isAfter ? nameOf(delayed) : null;
  const classified = isAfter ? { kind: 'after' as const, event: `after ${delay}` } : classify(eventType);
  return {
    key: `${source.id} ${eventType || 'always'} #${candidates.indexOf(transition)}`,
    source: source.id,
    targets: (transition.target ?? []).map((target: AnyStateNode) => target.id),
    eventType,
    kind: classified.kind,
    event: classified.event,
    guard: nameOf(transition.guard),
    delay,
    actions: actionNames(transition.actions as unknown[]),
    reenter: Boolean(transition.reenter),
  };
}

/** The machine as a graph of plain data. */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const nodes = allStateNodes(machine);
  const depthOf = new Map<string, number>();
  const states: GraphState[] = nodes.map((node) => {
    const parent = (node.parent as AnyStateNode | undefined) ?? null;
    const depth = parent ? (depthOf.get(parent.id) ?? 0) + 1 : 0;
    depthOf.set(node.id, depth);
    const initialTarget = node.initial?.target?.[0] as AnyStateNode | undefined;
    return {
      id: node.id,
      key: node.key,
      path: [...node.path],
      parent: parent?.id ?? null,
      kind: kindOf(node),
      initial: node.type === 'compound' && initialTarget ? initialTarget.id : null,
      depth,
      description: node.description ?? null,
      invokes: node.invoke.map((invoke) => ({ id: invoke.id, src: nameOf(invoke.src) ?? 'inline' })),
      entry: actionNames(node.entry as unknown[]),
      exit: actionNames(node.exit as unknown[]),
    };
  });
  const transitions: GraphTransition[] = [];
  const events = new Set<string>();
  for (const node of nodes) {
    for (const [eventType, candidates] of node.transitions) {
      for (const transition of candidates) transitions.push(transitionOf(transition, candidates));
      if (classify(eventType).kind === 'event' && !eventType.startsWith('xstate.')) events.add(eventType);
    }
    const always = node.always ?? [];
    for (const transition of always) transitions.push(transitionOf(transition, always));
  }
  return {
    id: machine.id,
    description: machine.root.description ?? null,
    states,
    transitions,
    events: [...events].sort(),
  };
}

export interface GraphCounts {
  states: number;
  events: number;
  transitions: number;
}

/** What the list shows: states (the root not counted), named events and transitions. */
export function graphCounts(graph: MachineGraph): GraphCounts {
  return {
    states: graph.states.length - 1,
    events: graph.events.length,
    transitions: graph.transitions.length,
  };
}

/** True when the state value (`{ active: 'idle' }`) has the state at `path` active. */
export function isActivePath(value: unknown, path: readonly string[]): boolean {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current === 'string') {
      if (current !== key) return false;
      current = null;
    } else if (current && typeof current === 'object' && key in current) {
      current = (current as Record<string, unknown>)[key];
    } else return false;
  }
  return true;
}

/** The ids of the state nodes a snapshot's value has active (the root included). */
export function activeStateIds(graph: MachineGraph, value: unknown): string[] {
  return graph.states.filter((state) => isActivePath(value, state.path)).map((state) => state.id);
}

/** A transition's label: its event (or delay) and guard, e.g. `error loadCart [isGoneError]`. */
export function transitionLabel(transition: GraphTransition): string {
  return transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
}
