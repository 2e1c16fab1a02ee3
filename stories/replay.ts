/**
 * Path testing for XState v5 machines that invoke promise actors and use delays, where `createTestModel`
 * refuses to go (it rejects `invoke` and `after`).
 *
 * 1. The model: `xstate/graph` walks the machine's pure `transition` with an `events` function you write.
 *    Actor completions are ordinary events in that function: `{ type: 'xstate.done.actor.<invokeId>',
 *    output }` and `{ type: 'xstate.error.actor.<invokeId>', error }`; delays are
 *    `{ type: 'xstate.after.<delay>.<stateNodeId>' }`.
 * 2. The paths: the shortest path to every state, plus, for every edge of the adjacency map not walked yet, the
 *    shortest path to its source followed by that edge; all from one traversal of the model per input.
 * 3. The replay: each path runs on a real actor (`createReplayRunner`, `replayPath`) whose invoked promise
 *    actors are controlled fakes (unless the caller provides that source itself): a done event resolves the
 *    pending invocation with its output, an error event rejects it, an after event advances a
 *    `SimulatedClock`, a "clock event" (see `clockEvents`) sets that clock to its time so the actor hears it
 *    from its own timers, anything else is sent. After every step the real snapshot must serialise like the
 *    model's. Paths built elsewhere (e.g. `getSimplePaths` with `toState`) replay with `replayPath`.
 *    The model is the machine itself unless `model` gives logic that adds its environment (e.g. what an
 *    invoked callback actor sends back when it starts).
 * 4. Coverage: every adjacency edge was walked, and every transition definition of the machine (each guarded
 *    candidate of each event in each state node, and each `always`) was taken at least once by the real
 *    actor, unless listed in `excluded` with a reason.
 */
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  type InputFrom,
  type InspectionEvent,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getStateNodes, type StatePath } from 'xstate/graph';

type AnyStateNode = AnyStateMachine['root'];

// ---- controlled promise actors -------------------------------------------------------------------------

interface PendingCall {
  src: string;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

/** A replay runner's fake promise actors, seen from the test: their call log and how to settle them. */
export interface RunnerControls {
  /** Every invocation in order, with its input. */
  calls: { src: string; input: unknown }[];
  /** Resolves the latest unsettled invocation of `src`, then lets the actor process the result. */
  resolve(src: string, output: unknown): Promise<void>;
  /** Rejects the latest unsettled invocation of `src`, then lets the actor process the error. */
  reject(src: string, error: unknown): Promise<void>;
  /** True when an invocation of `src` is running. */
  isPending(src: string): boolean;
}

/**
 * One macrotask, no timers involved: Node's real `setImmediate` (taken before a test can install fake
 * timers, which would never fire it), or a MessageChannel message in the browser (the story viewer).
 */
const nextMacrotask: (resolve: () => void) => void =
  typeof globalThis.setImmediate === 'function'
    ? globalThis.setImmediate.bind(globalThis)
    : (resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      };

/** Lets promise callbacks and the actor's mailbox run: one macrotask, no timers involved (fake or not). */
export function flush(): Promise<void> {
  return new Promise((resolve) => nextMacrotask(resolve));
}

/** The call log and settling of one runner's fake promise actors; `start` is what an invocation runs. */
function createControls(): RunnerControls & {
  start(src: string, input: unknown, signal: AbortSignal): Promise<unknown>;
} {
  const pending: PendingCall[] = [];
  const calls: { src: string; input: unknown }[] = [];
  const latest = (src: string) => pending.filter((call) => call.src === src && !call.settled).at(-1);
  const settle = async (src: string, how: (call: PendingCall) => void) => {
    await flush();
    const call = latest(src);
    if (!call) throw new Error(`No running invocation of "${src}" to settle`);
    call.settled = true;
    how(call);
    await flush();
  };
  return {
    calls,
    start: (src, input, signal) =>
      new Promise((resolve, reject) => {
        const call: PendingCall = { src, input, resolve, reject, settled: false };
        calls.push({ src, input });
        pending.push(call);
        signal.addEventListener('abort', () => {
          call.settled = true;
        });
      }),
    resolve: (src, output) => settle(src, (call) => call.resolve(output)),
    reject: (src, error) => settle(src, (call) => call.reject(error)),
    isPending: (src) => latest(src) !== undefined,
  };
}

/**
 * Fake promise actors that run the invocation in the controls `controlsOf` finds for the invoking actor's
 * system (one system per root actor, so per runner).
 */
function routedActors(
  srcNames: readonly string[],
  controlsOf: (system: unknown) => ReturnType<typeof createControls> | undefined,
): Record<string, ReturnType<typeof fromPromise<unknown, unknown>>> {
  return Object.fromEntries(
    srcNames.map((src) => [
      src,
      fromPromise<unknown, unknown>(({ input, signal, system }) => {
        const controls = controlsOf(system);
        if (!controls) throw new Error(`No replay runner owns the invocation of "${src}"`);
        return controls.start(src, input, signal);
      }),
    ]),
  );
}

// ---- machine structure ---------------------------------------------------------------------------------

function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** Invoke id -> actor source name, over the whole machine. */
export function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of allStateNodes(machine)) {
    for (const invoke of node.invoke) {
      if (typeof invoke.src === 'string') sources.set(invoke.id, invoke.src);
    }
  }
  return sources;
}

/** A stable name for a transition definition: source node id, event (or 'always') and candidate index. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const candidates = transition.eventType
    ? (source.transitions.get(transition.eventType) ?? [])
    : (source.always ?? []);
  return `${source.id} ${transition.eventType || 'always'} #${candidates.indexOf(transition)}`;
}

function describeTransition(transition: AnyTransitionDefinition): string {
  const guard = transition.guard;
  const guardName = typeof guard === 'string' ? guard : guard && 'type' in guard ? String(guard.type) : null;
  const targets = transition.target?.map((target: AnyStateNode) => target.id).join(', ') ?? '(no target)';
  return `${transitionKey(transition)}${guardName ? ` [${guardName}]` : ''} -> ${targets}`;
}

/** Every transition definition of the machine: event candidates (with their index) and `always`. */
/** The events of `events` that the snapshot's active state nodes handle (for an `events` function). */
export function ownEvents<TEvent extends EventObject = EventObject>(
  snapshot: AnyMachineSnapshot,
  events: readonly EventObject[],
): TEvent[] {
  const own = new Set(__unsafe_getAllOwnEventDescriptors(snapshot));
  return events.filter((event) => own.has(event.type)) as TEvent[];
}

export function transitionDefinitions(machine: AnyStateMachine): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const node of allStateNodes(machine)) {
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of all) definitions.set(transitionKey(transition), describeTransition(transition));
  }
  return definitions;
}

// ---- replay runner ---------------------------------------------------------------------------------------

export interface ReplayRunner<TMachine extends AnyStateMachine> {
  actor: Omit<AnyActorRef, 'getSnapshot'> & { getSnapshot(): SnapshotFrom<TMachine> };
  controls: RunnerControls;
  clock: SimulatedClock;
  /** Causes one model event on the real actor (see the file comment). */
  execute(event: EventObject): Promise<void>;
}

type Implementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

export interface ReplayRunnerOptions<TMachine extends AnyStateMachine> {
  input: InputFrom<TMachine>;
  /**
   * Implementations to provide besides the controlled promise actors (e.g. injected actions). An actor
   * source given here is kept as provided instead of being replaced by a controlled fake. A function gets the
   * runner's SimulatedClock (for actors that read time from the same clock as the actor's delays).
   */
  provide?: Implementations<TMachine> | ((clock: SimulatedClock) => Implementations<TMachine>);
  inspect?: (event: InspectionEvent) => void;
  /** Simulated time when the actor starts (default 0). */
  startTime?: number;
  /**
   * Model events that stand for the passing of time: returns the simulated time they happen at. The
   * runner sets the clock to it (the actor then hears it from its own timers) instead of sending the event.
   */
  clockEvents?: (event: EventObject) => number | undefined;
}

function delayOf(machine: AnyStateMachine, eventType: string): number {
  for (const node of allStateNodes(machine)) {
    const delayed = node.after.find((transition) => transition.eventType === eventType);
    if (!delayed) continue;
    const delay = delayed.delay;
    const resolved = typeof delay === 'string' ? machine.implementations.delays[delay] : delay;
    if (typeof resolved === 'number') return resolved;
    throw new Error(`Delay of ${eventType} is not a number; replay it with your own runner`);
  }
  throw new Error(`No delayed transition for ${eventType}`);
}

/** Each runner's controls, by its actor system: the provided machine's fake actors find them there. */
const controlsOfSystem = new WeakMap<object, ReturnType<typeof createControls>>();
/** The machine with its fakes and fixed implementations, built once per machine and `provide` object. */
const providedMachines = new WeakMap<AnyStateMachine, WeakMap<object, AnyStateMachine>>();
const NOTHING_PROVIDED = {};

/**
 * The machine with fake promise actors for every invoked source that `provide` does not give. `machine.provide`
 * builds a new machine (every state node and transition again): a walk starts thousands of runners, and
 * building it once per machine and `provide` object took checkout's walk from 12.9 s to 8.4 s. A `provide`
 * function gets each runner's clock, so its machine is built per runner.
 */
function providedFor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  provide: ReplayRunnerOptions<TMachine>['provide'],
  clock: SimulatedClock,
): AnyStateMachine {
  const build = (implementations: Implementations<TMachine> | undefined) => {
    const ownActors: Record<string, unknown> = implementations?.actors ?? {};
    const fakes = [...new Set(invokeSources(machine).values())].filter((src) => !(src in ownActors));
    return machine.provide({
      ...implementations,
      actors: { ...routedActors(fakes, (system) => controlsOfSystem.get(system as object)), ...ownActors },
    });
  };
  if (typeof provide === 'function') return build(provide(clock));
  const key = provide ?? NOTHING_PROVIDED;
  const byProvide = providedMachines.get(machine) ?? new WeakMap<object, AnyStateMachine>();
  providedMachines.set(machine, byProvide);
  const provided = byProvide.get(key) ?? build(provide);
  byProvide.set(key, provided);
  return provided;
}

/**
 * Starts the machine on a real actor with controlled fakes for every invoked source, a SimulatedClock and
 * the optional inspector. Every invoked `src` must be a named actor.
 */
export function createReplayRunner<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ReplayRunnerOptions<TMachine>,
): ReplayRunner<TMachine> {
  const sources = invokeSources(machine);
  const clock = new SimulatedClock();
  if (options.startTime !== undefined) clock.set(options.startTime);
  const controls = createControls();
  const actor = createActor(providedFor(machine, options.provide, clock), {
    input: options.input,
    clock,
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  controlsOfSystem.set(actor.system, controls);
  actor.start();
  const sourceOf = (prefix: string, type: string) => {
    const id = type.slice(prefix.length);
    const src = sources.get(id);
    if (!src) throw new Error(`Unknown invoke id "${id}"`);
    return src;
  };
  return {
    actor: actor as unknown as ReplayRunner<TMachine>['actor'],
    controls,
    clock,
    async execute(event) {
      const { type } = event;
      const at = options.clockEvents?.(event);
      if (at !== undefined) {
        clock.set(at);
        await flush();
      } else if (type.startsWith('xstate.done.actor.')) {
        await controls.resolve(sourceOf('xstate.done.actor.', type), (event as { output?: unknown }).output);
      } else if (type.startsWith('xstate.error.actor.')) {
        await controls.reject(sourceOf('xstate.error.actor.', type), (event as { error?: unknown }).error);
      } else if (type.startsWith('xstate.after.')) {
        clock.increment(delayOf(machine, type));
        await flush();
      } else {
        actor.send(event);
        await flush();
      }
    },
  };
}

// ---- path walking and coverage ---------------------------------------------------------------------------

export interface ExcludedTransition {
  /** A `transitionKey` (e.g. 'm.idle submit #1') or an adjacency edge key ('<state> -- <event>'). */
  key: string;
  reason: string;
}

export interface PathWalkOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  /**
   * The logic xstate/graph walks to build the paths; default: the machine. A model wrapping the machine's
   * `transition` can add its environment, e.g. the events an invoked callback actor sends back as it starts.
   */
  // biome-ignore lint/suspicious/noExplicitAny: any logic whose snapshots are the machine's
  model?: any;
  /** One model per input (e.g. query variants); coverage is the union over all of them. */
  inputs: InputFrom<TMachine>[];
  /** The events to try in a model state, including actor completions and delays. */
  events: (snapshot: SnapshotFrom<TMachine>) => EventObject[];
  /** Model state identity; default: state value plus the whole context as JSON. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Implementations to provide to the real actor besides the controlled promise actors. */
  provide?: ReplayRunnerOptions<TMachine>['provide'];
  startTime?: number;
  clockEvents?: ReplayRunnerOptions<TMachine>['clockEvents'];
  /** Receives the real actor's inspection events (besides the coverage bookkeeping). */
  inspect?: (event: InspectionEvent) => void;
  /** Extra checks after each replayed step (the serialised state is already compared). */
  onStep?: (runner: ReplayRunner<TMachine>, expected: SnapshotFrom<TMachine>, event: EventObject) => void;
  excluded?: ExcludedTransition[];
  /** Traversal limit of the adjacency map (guards against an unbounded `events` function). */
  limit?: number;
}

export interface PathWalkReport {
  paths: number;
  steps: number;
  states: number;
  edges: number;
  uncoveredEdges: string[];
  transitions: number;
  untakenTransitions: string[];
  /** The `transitionKey` of every transition the real actors took (the story viewer's coverage overlay). */
  taken: string[];
  /** Exclusions that matched nothing uncovered: stale entries to remove. */
  unusedExclusions: string[];
}

export function defaultSerializeState(snapshot: { value: unknown; context: unknown }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

function edgeKey(state: string, event: EventObject): string {
  return `${state} -- ${JSON.stringify(event)}`;
}

// biome-ignore lint/suspicious/noExplicitAny: paths over any machine
export type AnyPath = StatePath<any, any>;

/**
 * Drops every path whose steps are a prefix of a longer path's (or repeat a path kept already): replaying the
 * longer one walks it too. Edges are numbered, and every prefix of a kept path is one entry of a set, so a
 * candidate is one look-up: comparing each candidate's text with every kept path's took 80 of the 118 s of
 * the date-first reserve walk (1,588 paths).
 */
function withoutPrefixPaths(paths: AnyPath[], pathEdges: (path: AnyPath) => string[]): AnyPath[] {
  const ids = new Map<string, number>();
  const idOf = (edge: string) => {
    let id = ids.get(edge);
    if (id === undefined) {
      id = ids.size;
      ids.set(edge, id);
    }
    return id;
  };
  const sorted = paths
    .map((path) => ({ path, edges: pathEdges(path).map(idOf) }))
    .sort((a, b) => b.path.steps.length - a.path.steps.length);
  /** Every non-empty prefix of every kept path, the path itself included. */
  const prefixes = new Set<string>();
  const kept: AnyPath[] = [];
  for (const { path, edges } of sorted) {
    // An empty path (the initial state only) is kept when it is all there is.
    if (edges.length === 0 ? kept.length > 0 : prefixes.has(edges.join(','))) continue;
    kept.push(path);
    for (let end = 1; end <= edges.length; end++) prefixes.add(edges.slice(0, end).join(','));
  }
  return kept;
}

/**
 * Builds the model's paths, replays each on a fresh real actor, and reports coverage. Throws (with the
 * path) when the real actor leaves the model; use `assertFullCoverage` on the report.
 */
export async function walkMachinePaths<TMachine extends AnyStateMachine>(
  options: PathWalkOptions<TMachine>,
): Promise<PathWalkReport> {
  const { machine } = options;
  const edges = new Set<string>();
  const walked = new Set<string>();
  const taken = new Set<string>();
  let steps = 0;
  let pathCount = 0;
  let states = 0;
  for (const [index, input] of options.inputs.entries()) {
    const result = await walkOne(options, input, `input ${index}`, taken);
    for (const edge of result.edges) edges.add(edge);
    for (const edge of result.walked) walked.add(edge);
    steps += result.steps;
    pathCount += result.paths;
    states += result.states;
  }

  const excluded = new Map((options.excluded ?? []).map((entry) => [entry.key, entry.reason]));
  const used = new Set<string>();
  /** Not covered and not excused; records the exclusions that excused something. */
  const isMissing = (key: string, covered: Set<string>) => {
    if (covered.has(key)) return false;
    if (!excluded.has(key)) return true;
    used.add(key);
    return false;
  };
  const uncoveredEdges = [...edges].filter((key) => isMissing(key, walked));
  const definitions = transitionDefinitions(machine);
  const untakenTransitions = [...definitions.entries()]
    .filter(([key]) => isMissing(key, taken))
    .map(([, description]) => description);
  return {
    paths: pathCount,
    steps,
    states,
    edges: edges.size,
    uncoveredEdges,
    transitions: definitions.size,
    untakenTransitions,
    taken: [...taken].sort(),
    unusedExclusions: [...excluded.keys()].filter((key) => !used.has(key)),
  };
}

/** xstate/graph's adjacency map, as walkOne reads it: each state's snapshot and its transitions by event. */
type AdjacencyMap = Record<
  string,
  { state: unknown; transitions: Record<string, { event: EventObject; state: unknown }> }
>;

/**
 * The shortest path to every state of an adjacency map, breadth first from its first state (the traversal's
 * initial one), shaped as xstate/graph's `getShortestPaths` shapes them (the first step is the initial state with
 * `xstate.init`). getShortestPaths would traverse the model again to build the same map.
 */
export function shortestPathsOf(
  adjacency: AdjacencyMap,
  serialize: (snapshot: unknown) => string,
): AnyPath[] {
  const [start] = Object.keys(adjacency);
  if (start === undefined) return [];
  const cameFrom = new Map<string, { from: string; event: EventObject } | null>([[start, null]]);
  const order = [start];
  for (let i = 0; i < order.length; i++) {
    const key = order[i] as string;
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serialize(state);
      if (cameFrom.has(next) || !(next in adjacency)) continue;
      cameFrom.set(next, { from: key, event });
      order.push(next);
    }
  }
  return order.map((key) => {
    const steps: AnyPath['steps'] = [];
    for (let at = key, step = cameFrom.get(key); step; at = step.from, step = cameFrom.get(at)) {
      steps.unshift({ state: adjacency[at]?.state, event: step.event });
    }
    steps.unshift({ state: adjacency[start]?.state, event: { type: 'xstate.init' } });
    return { state: adjacency[key]?.state, weight: steps.length - 1, steps };
  });
}

async function walkOne<TMachine extends AnyStateMachine>(
  options: PathWalkOptions<TMachine>,
  input: InputFrom<TMachine>,
  label: string,
  taken: Set<string>,
) {
  const { machine } = options;
  // biome-ignore lint/suspicious/noExplicitAny: model snapshots come out of the graph API untyped
  const serialize = (snapshot: any): string => (options.serializeState ?? defaultSerializeState)(snapshot);
  const traversal = {
    input,
    events: options.events as (snapshot: unknown) => EventObject[],
    serializeState: serialize as (snapshot: unknown) => string,
    limit: options.limit ?? 100_000,
  };
  // biome-ignore lint/suspicious/noExplicitAny: the graph API is typed over the machine's own events only
  const logic = (options.model ?? machine) as any;
  // One traversal of the model per input: the shortest paths come from its adjacency map.
  const adjacency = getAdjacencyMap(logic, traversal);
  const base = shortestPathsOf(adjacency as unknown as AdjacencyMap, serialize);
  const shortestTo = new Map(base.map((path) => [serialize(path.state), path]));

  const edges = new Set<string>();
  for (const [state, value] of Object.entries(adjacency)) {
    for (const { event } of Object.values(value.transitions) as { event: EventObject }[]) {
      edges.add(edgeKey(state, event));
    }
  }
  const pathEdges = (path: AnyPath) =>
    path.steps.slice(1).map((step, i) => edgeKey(serialize(path.steps[i]?.state), step.event));
  const walkedInModel = new Set(base.flatMap(pathEdges));
  const paths = [...base];
  for (const [state, value] of Object.entries(adjacency)) {
    for (const { event, state: next } of Object.values(value.transitions) as {
      event: EventObject;
      state: unknown;
    }[]) {
      if (walkedInModel.has(edgeKey(state, event))) continue;
      const head = shortestTo.get(state);
      if (!head) continue;
      paths.push({ state: next, weight: head.weight + 1, steps: [...head.steps, { state: next, event }] });
      for (const key of pathEdges(paths.at(-1) as AnyPath)) walkedInModel.add(key);
    }
  }

  const walked = new Set<string>();
  let steps = 0;
  const replayed = withoutPrefixPaths(paths, pathEdges);
  for (const path of replayed) {
    const result = await replayPath(machine, path, {
      input,
      serializeState: serialize,
      label,
      taken,
      ...(options.provide ? { provide: options.provide } : {}),
      ...(options.startTime !== undefined ? { startTime: options.startTime } : {}),
      ...(options.clockEvents ? { clockEvents: options.clockEvents } : {}),
      ...(options.inspect ? { inspect: options.inspect } : {}),
      ...(options.onStep ? { onStep: options.onStep } : {}),
    });
    for (const edge of result.walked) walked.add(edge);
    steps += result.steps;
  }

  return { edges, walked, steps, paths: replayed.length, states: Object.keys(adjacency).length };
}

export interface ReplayPathOptions<TMachine extends AnyStateMachine> {
  input: InputFrom<TMachine>;
  /** Model state identity, as in the traversal that built the path; default: `defaultSerializeState`. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  provide?: ReplayRunnerOptions<TMachine>['provide'];
  startTime?: number;
  clockEvents?: ReplayRunnerOptions<TMachine>['clockEvents'];
  inspect?: (event: InspectionEvent) => void;
  onStep?: PathWalkOptions<TMachine>['onStep'];
  /** Receives the `transitionKey` of every transition the real actor takes. */
  taken?: Set<string>;
  /** Prefix of the error message (e.g. which input). */
  label?: string;
}

/**
 * Replays one model path (from `getShortestPaths`, `getSimplePaths`, ...) on a fresh real actor; throws
 * (with the path) when the real actor's serialised state differs from the model's at any step.
 * Returns the replayed steps and the adjacency edges ('<state> -- <event>') walked.
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: AnyPath,
  options: ReplayPathOptions<TMachine>,
): Promise<{ steps: number; walked: string[] }> {
  // biome-ignore lint/suspicious/noExplicitAny: model snapshots come out of the graph API untyped
  const serialize = (snapshot: any): string => (options.serializeState ?? defaultSerializeState)(snapshot);
  const label = options.label ?? 'path';
  const { taken, inspect } = options;
  const runner = createReplayRunner(machine, {
    input: options.input,
    ...(options.provide ? { provide: options.provide } : {}),
    ...(options.startTime !== undefined ? { startTime: options.startTime } : {}),
    ...(options.clockEvents ? { clockEvents: options.clockEvents } : {}),
    ...(taken || inspect
      ? {
          inspect: (event: InspectionEvent) => {
            inspect?.(event);
            if (taken && event.type === '@xstate.microstep' && event.actorRef.sessionId === event.rootId) {
              for (const transition of event._transitions) taken.add(transitionKey(transition));
            }
          },
        }
      : {}),
  });
  const walked: string[] = [];
  let steps = 0;
  const first = path.steps[0];
  const describePath = () =>
    path.steps.map((step) => `  ${step.event.type} -> ${JSON.stringify(step.state.value)}`).join('\n');
  try {
    if (first && serialize(runner.actor.getSnapshot()) !== serialize(first.state)) {
      throw new Error(`${label}: initial state differs from the model\n${describePath()}`);
    }
    for (let i = 1; i < path.steps.length; i++) {
      const step = path.steps[i] as AnyPath['steps'][number];
      const source = path.steps[i - 1] as AnyPath['steps'][number];
      await runner.execute(step.event);
      steps++;
      const actual = serialize(runner.actor.getSnapshot());
      const expected = serialize(step.state);
      if (actual !== expected) {
        throw new Error(
          `${label}: step ${i} (${step.event.type}) left the model.\nexpected ${expected}\nactual   ${actual}\npath:\n${describePath()}`,
        );
      }
      options.onStep?.(runner, step.state, step.event);
      walked.push(edgeKey(serialize(source.state), step.event));
    }
  } finally {
    runner.actor.stop();
  }
  return { steps, walked };
}

/** Throws listing every uncovered edge, untaken transition and stale exclusion. */
export function assertFullCoverage(report: PathWalkReport): void {
  const problems = [
    ...report.uncoveredEdges.map((edge) => `edge not walked: ${edge}`),
    ...report.untakenTransitions.map((transition) => `transition never taken: ${transition}`),
    ...report.unusedExclusions.map((key) => `exclusion matches nothing: ${key}`),
  ];
  if (problems.length > 0) throw new Error(`Coverage incomplete:\n${problems.join('\n')}`);
}
