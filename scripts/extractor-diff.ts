/**
 * What Stately's code extractor (`@xstate/machine-extractor`, xstate 4 shaped output) reads from a machine's
 * source, turned back into an xstate 5 config, and the differences between its graph and the runtime
 * machine's (stories/graph.ts). Pure: scripts/check-extractor.ts loads the extractor and the registry.
 *
 * The extracted config is re-created with xstate 5's own `createMachine`, so targets (`sibling`, `.child`,
 * `#id.path`), done/error/after event types and generated invoke ids are resolved by the same code on both
 * sides; what remains different is what the extractor did not see (or saw differently) in the source.
 */
import { type AnyStateMachine, createMachine } from 'xstate';
import { type GraphState, type GraphTransition, type MachineGraph, machineGraph } from '../stories/graph';

/** The extractor's output shapes, as far as this check reads them (its own types need xstate 4). */
type MaybeArray<T> = T | T[];
export interface ExtractedAction {
  kind: 'named' | 'inline' | 'builtin';
  action: { type?: string };
}
export interface ExtractedTransition {
  target?: MaybeArray<string>;
  actions?: MaybeArray<ExtractedAction>;
  cond?: { kind: 'named' | 'inline'; type: string };
}
export interface ExtractedInvoke {
  src: string;
  id?: string;
  kind?: 'named' | 'inline';
  onDone?: MaybeArray<ExtractedTransition>;
  onError?: MaybeArray<ExtractedTransition>;
}
export interface ExtractedState {
  id?: string;
  initial?: string;
  type?: 'parallel' | 'history' | 'final';
  history?: 'shallow' | 'deep' | boolean;
  entry?: MaybeArray<ExtractedAction>;
  exit?: MaybeArray<ExtractedAction>;
  on?: Record<string, MaybeArray<ExtractedTransition>>;
  after?: Record<string, MaybeArray<ExtractedTransition>>;
  always?: MaybeArray<ExtractedTransition>;
  onDone?: MaybeArray<ExtractedTransition>;
  invoke?: MaybeArray<ExtractedInvoke>;
  states?: Record<string, ExtractedState>;
}

/** What an action or guard the extractor could not name is called in the diff. */
export const UNNAMED = '<inline>';

const list = <T>(value: MaybeArray<T> | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function actionName(action: ExtractedAction): string {
  return action.kind === 'inline' ? UNNAMED : (action.action.type ?? UNNAMED);
}

function toTransition(transition: ExtractedTransition) {
  const guard = transition.cond
    ? transition.cond.kind === 'named'
      ? transition.cond.type
      : UNNAMED
    : undefined;
  return {
    ...(transition.target === undefined ? {} : { target: transition.target }),
    ...(guard === undefined ? {} : { guard }),
    actions: list(transition.actions).map(actionName),
  };
}

const toTransitions = (value: MaybeArray<ExtractedTransition> | undefined) => list(value).map(toTransition);

function mapValues<T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
}

/** The extracted state node as an xstate 5 state config: names only, no implementations. */
export function toV5Config(state: ExtractedState): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (state.id !== undefined) config.id = state.id;
  if (state.initial !== undefined) config.initial = state.initial;
  if (state.type !== undefined) config.type = state.type;
  if (state.history !== undefined) config.history = state.history === true ? 'shallow' : state.history;
  if (state.entry !== undefined) config.entry = list(state.entry).map(actionName);
  if (state.exit !== undefined) config.exit = list(state.exit).map(actionName);
  if (state.on) config.on = mapValues(state.on, toTransitions);
  if (state.after) config.after = mapValues(state.after, toTransitions);
  if (state.always !== undefined) config.always = toTransitions(state.always);
  if (state.onDone !== undefined) config.onDone = toTransitions(state.onDone);
  if (state.invoke !== undefined)
    config.invoke = list(state.invoke).map((invoke) => ({
      src: invoke.kind === 'inline' ? UNNAMED : invoke.src,
      ...(invoke.id === undefined ? {} : { id: invoke.id }),
      ...(invoke.onDone === undefined ? {} : { onDone: toTransitions(invoke.onDone) }),
      ...(invoke.onError === undefined ? {} : { onError: toTransitions(invoke.onError) }),
    }));
  if (state.states) config.states = mapValues(state.states, toV5Config);
  return config;
}

/** The graph of the extracted config, built by xstate 5 (throws where a target does not resolve). */
export function extractedGraph(extracted: ExtractedState): MachineGraph {
  const machine = createMachine(toV5Config(extracted) as Parameters<typeof createMachine>[0]);
  return machineGraph(machine as AnyStateMachine);
}

function stateFacts(state: GraphState): Record<string, string> {
  return {
    kind: state.kind,
    initial: state.initial ?? '',
    invokes: state.invokes.map((invoke) => `${invoke.id}:${invoke.src}`).join(', '),
    entry: state.entry.join(', '),
    exit: state.exit.join(', '),
  };
}

function transitionFacts(transition: GraphTransition): Record<string, string> {
  return {
    targets: transition.targets.join(', '),
    guard: transition.guard ?? '',
    actions: transition.actions.join(', '),
  };
}

function describeTransition(transition: GraphTransition): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const targets = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays)';
  return `${transition.source} --${transition.event}${guard}--> ${targets}`;
}

function compareFacts(
  what: string,
  runtime: Record<string, string>,
  extracted: Record<string, string>,
): string[] {
  return Object.keys(runtime)
    .filter((fact) => runtime[fact] !== extracted[fact])
    .map((fact) => `${what}: ${fact} is "${runtime[fact]}" at run time, "${extracted[fact]}" in the source`);
}

/**
 * Every difference between the runtime graph and the extracted one, as sentences: states (by id, with kind,
 * initial child, invoked actors, entry and exit actions) and transitions (by source, event type and
 * candidate index, with targets, guard and actions). Empty when the extractor sees the whole machine.
 */
export function graphDifferences(runtime: MachineGraph, extracted: MachineGraph): string[] {
  const out: string[] = [];
  if (runtime.id !== extracted.id)
    out.push(`machine id is "${runtime.id}" at run time, "${extracted.id}" in the source`);
  const extractedStates = new Map(extracted.states.map((state) => [state.id, state]));
  const runtimeStates = new Set(runtime.states.map((state) => state.id));
  for (const state of runtime.states) {
    const other = extractedStates.get(state.id);
    if (!other) out.push(`state ${state.id}: missing from the source as extracted`);
    else out.push(...compareFacts(`state ${state.id}`, stateFacts(state), stateFacts(other)));
  }
  for (const state of extracted.states)
    if (!runtimeStates.has(state.id)) out.push(`state ${state.id}: only in the source as extracted`);

  const extractedTransitions = new Map(extracted.transitions.map((t) => [t.key, t]));
  const runtimeKeys = new Set(runtime.transitions.map((t) => t.key));
  for (const transition of runtime.transitions) {
    const other = extractedTransitions.get(transition.key);
    if (!other)
      out.push(`transition ${describeTransition(transition)}: missing from the source as extracted`);
    else
      out.push(
        ...compareFacts(
          `transition ${describeTransition(transition)}`,
          transitionFacts(transition),
          transitionFacts(other),
        ),
      );
  }
  for (const transition of extracted.transitions)
    if (!runtimeKeys.has(transition.key))
      out.push(`transition ${describeTransition(transition)}: only in the source as extracted`);
  return out;
}
