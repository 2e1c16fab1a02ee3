/**
 * Holding a machine to an independent transition table (issue 29). The path tests build their model from the
 * machine under test, so a retargeted, deleted or added transition replays as faithfully as the right one. Here
 * the model is a table written from the spec, not read from the machine (a call: an injected action with its
 * params, an invoked actor with its input, a delayed event with its delay, an event sent to a child):
 *
 * - `on`: for every event type of the flow (a mapped type: a new event does not compile until the table has a
 *   key for it) and every state that handles it, the rows in order: the guard condition (`when`, over the
 *   context and the event, written in the test), the target (a state path, or null: no state change), the
 *   effect on the context (the fields that change, from the context before) and the calls (injected actions
 *   with their params, invoked actors with their input) in order. A state with no row for an event ignores it.
 * - `always`: the same for the eventless states, `entry` for what a state does on entering it (its invokes
 *   included), in the order they run.
 *
 * `expectTable` starts the real machine in every stable state with every context of the worlds (`resolveState`),
 * sends every event sample, and compares the machine's microsteps (`getMicrosteps`, pure, no actor, no clock)
 * with the table's: the states it passes through, the whole context after it (every field not in an effect must
 * stay as it was) and the calls in order. An event the table ignores must change nothing and call nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyStateMachine,
  createActor,
  createMachine,
  type EventObject,
  getInitialMicrosteps,
  getMicrosteps,
} from 'xstate';

/** A call the machine makes: an injected action with its params, or an actor it invokes with its input. */
export type Call =
  | { action: string; params?: unknown }
  | { invoke: string; input: unknown }
  /** A delayed event the machine schedules for itself (`after`): its delay in ms. */
  | { after: number; event: string }
  /** An event sent to a child by its id (`sendTo('<id>', …)`, a string target). */
  | { sendTo: string; event: unknown };

export interface Row<C, E> {
  /** The guard condition, from the spec (absent: always taken). */
  when?: (context: C, event: E) => boolean;
  /** A short name for failures. */
  label?: string;
  /** The state it goes to (a dotted path from the root), or null: it stays, nothing is re-entered. */
  target: string | null;
  /**
   * The target is the source state itself, left and entered again (its entry and invokes run anew): a
   * transition of a compound state to its own child, or `reenter: true`.
   */
  reenter?: boolean;
  /** The context fields it changes, from the context before. */
  effect?: (context: C, event: E) => Partial<C>;
  /**
   * The calls it makes, in order (before the target's entry), from the context before its effect and, for
   * calls made after an assignment, the context after it.
   */
  calls?: (context: C, event: E, after: C) => Call[];
}

export interface StateSpec<C> {
  /** Eventless transitions (a transient state), in order. */
  always?: Row<C, EventObject>[];
  /**
   * What entering the state does, after the transition's own actions: its context changes, then its calls
   * (injected entry actions, then its invokes) on the context after them.
   */
  entry?: { effect?: (context: C) => Partial<C>; calls?: (context: C, event: EventObject) => Call[] };
  /** A final state: the machine is done there, and nothing changes it. */
  final?: boolean;
}

export interface Table<C, E extends EventObject, S extends string> {
  initial: S;
  /** Every state of the machine (dotted paths of the atomic states), transient ones included. */
  states: Record<S, StateSpec<C>>;
  /** What entering a compound state does (entering any of its states from outside it). */
  compound?: Record<string, Pick<StateSpec<C>, 'entry'>>;
  /**
   * Per event type: the rows of each state that handles it. Key '*' is the root's (any state, unless the
   * state has its own rows).
   */
  on: { [T in E['type']]: Partial<Record<S | '*', Row<C, Extract<E, { type: T }>>[]>> };
}

export interface Expected<C> {
  path: string[];
  context: C;
  calls: Call[];
}

const MAX_CHAIN = 20;

/** What the table expects of `event` in `state` with `context` (null: ignored). */
export function expectedStep<C, E extends EventObject, S extends string>(
  table: Table<C, E, S>,
  state: S,
  context: C,
  event: E,
): Expected<C> | null {
  if (table.states[state].final) return null;
  const byState = table.on[event.type as E['type']] as Partial<Record<string, Row<C, E>[]>>;
  const rows = byState[state] ?? byState['*'] ?? [];
  const row = rows.find((r) => !r.when || r.when(context, event));
  if (!row) return null;
  return follow(table, state, byState[state] ? state : '', context, event, row);
}

/**
 * The state that XState exits and enters down from, for a transition defined on `source` ('' the root) to
 * `target` (spec: SCXML's transition domain, without reentry): the source itself when the target is in it,
 * else their least common compound ancestor.
 */
function domainOf(source: string, target: string): string {
  if (source === '' || target === source || target.startsWith(`${source}.`)) return source;
  const a = source.split('.');
  const b = target.split('.');
  let i = 0;
  while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
  return a.slice(0, i).join('.');
}

function follow<C, E extends EventObject, S extends string>(
  table: Table<C, E, S>,
  from: S,
  source: string,
  context: C,
  event: E | EventObject,
  row: Row<C, E>,
): Expected<C> {
  const path: string[] = [];
  const calls: Call[] = [];
  let ctx: C = { ...context, ...row.effect?.(context, event as E) };
  calls.push(...(row.calls?.(context, event as E, ctx) ?? []));
  if (row.target === null) return { path: [from], context: ctx, calls };
  let state = row.target as S;
  let domain = row.reenter ? source.split('.').slice(0, -1).join('.') : domainOf(source, state);
  for (let i = 0; ; i++) {
    if (i > MAX_CHAIN) throw new Error(`the table loops from ${from}`);
    const spec = table.states[state];
    if (!spec) throw new Error(`the table has no state ${state}`);
    path.push(state);
    // Entering, outer first: each state below the domain runs its entry (then its invokes).
    const segments = state.split('.');
    for (let depth = domain === '' ? 1 : domain.split('.').length + 1; depth <= segments.length; depth++) {
      const node = segments.slice(0, depth).join('.');
      const entry = depth === segments.length ? spec.entry : table.compound?.[node]?.entry;
      ctx = { ...ctx, ...entry?.effect?.(ctx) };
      calls.push(...(entry?.calls?.(ctx, event) ?? []));
    }
    const always = spec.always;
    if (!always) return { path, context: ctx, calls };
    const next = always.find((r) => !r.when || r.when(ctx, event));
    if (!next) throw new Error(`no always row of ${state} is taken`);
    const before = ctx;
    ctx = { ...ctx, ...next.effect?.(ctx, event) };
    calls.push(...(next.calls?.(before, event, ctx) ?? []));
    domain = domainOf(state, next.target as string);
    state = next.target as S;
  }
}

/** A state value as a dotted path of its (one) atomic state. */
export function pathOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return `${key}.${pathOf(child)}`;
}

/** The state value of a dotted path. */
export function stateValueOf(path: string): unknown {
  const [head, ...rest] = path.split('.');
  return rest.length === 0 ? head : { [head as string]: stateValueOf(rest.join('.')) };
}

/** The machine's calls among its executable actions: injected actions, invokes, delayed events, sends. */
function callsOf(actions: readonly { type: string; params?: unknown }[]): Call[] {
  return actions.flatMap((a): Call[] => {
    if (a.type === 'xstate.spawnChild') {
      const p = a.params as { src: unknown; input: unknown };
      return [{ invoke: String(p.src), input: p.input }];
    }
    // The machines tell the outside world through injected actions only (DESIGN.md "Flow modules"): an emit
    // would reach nobody the tables see, so it fails the table instead of passing unseen.
    if (a.type === 'xstate.emit')
      throw new Error(`an emit (${JSON.stringify(a.params)}): notify through an injected action instead`);
    // Only a child named by a string id: a reference target (the cart's modal stack) is not counted.
    if (a.type === 'xstate.sendTo') {
      const p = a.params as { targetId?: unknown; event: unknown };
      if (typeof p.targetId === 'string') return [{ sendTo: p.targetId, event: p.event }];
    }
    if (a.type === 'xstate.raise') {
      const p = a.params as { event: { type: string }; delay?: number };
      if (p.delay !== undefined) return [{ after: p.delay, event: p.event.type }];
    }
    // Stops and cancels (leaving a state) and the like: not calls.
    if (a.type.startsWith('xstate.')) return [];
    return [
      a.params === undefined || a.params === null ? { action: a.type } : { action: a.type, params: a.params },
    ];
  });
}

/** The machine's microsteps of one event: the states it passes through, its context after, its calls. */
export function actualStep(
  machine: AnyStateMachine,
  snapshot: ReturnType<AnyStateMachine['resolveState']>,
  event: EventObject,
): Expected<unknown> & { changed: boolean } {
  const steps = getMicrosteps(machine, snapshot, event as never);
  const last = steps.at(-1)?.[0] ?? snapshot;
  return {
    path: steps.map(([s]) => pathOf(s.value)),
    context: last.context,
    calls: steps.flatMap(([, actions]) => callsOf(actions as never)),
    changed: steps.length > 0,
  };
}

/** The machine's first steps from an input: the states it passes through, its context, its calls. */
export function actualInitial(machine: AnyStateMachine, input: unknown): Expected<unknown> {
  const steps = getInitialMicrosteps(machine, input as never);
  const last = steps.at(-1)?.[0];
  return {
    path: steps.map(([s]) => pathOf(s.value)),
    context: last?.context,
    calls: steps.flatMap(([, actions]) => callsOf(actions as never)),
  };
}

/** What the table expects of the machine's start with a context (its initial state's chain). */
export function expectedInitial<C, E extends EventObject, S extends string>(
  table: Table<C, E, S>,
  context: C,
  rootCalls: Call[] = [],
): Expected<C> {
  const start = follow(table, table.initial, '', context, { type: 'xstate.init' }, { target: table.initial });
  return { ...start, calls: [...rootCalls, ...start.calls] };
}

export interface World<C> {
  name: string;
  context: C;
}

export interface EventSample<E> {
  name: string;
  event: E;
}

/**
 * Samples of one invoked actor's done event, each named `${prefix}: ${name}` (or `name`), without an `actorId`
 * (the machines do not read it).
 */
export function doneSamples<E extends EventObject, O = unknown>(actorId: string, prefix?: string) {
  return (name: string, output: O): EventSample<E> => ({
    name: prefix ? `${prefix}: ${name}` : name,
    event: { type: `xstate.done.actor.${actorId}`, output } as unknown as E,
  });
}

/**
 * Every stable state × every world × every event sample: the machine's step equals the table's. `strip` removes
 * what is not compared (e.g. an actor reference) from a context. Returns the number of steps compared.
 */
export function expectTable<C, E extends EventObject, S extends string>(options: {
  machine: AnyStateMachine;
  table: Table<C, E, S>;
  worlds: readonly World<C>[];
  events: readonly EventSample<E>[];
  strip?: (context: C) => unknown;
  /**
   * The ids of the children the machine invokes at its root (alive in every state): `resolveState` creates
   * none, so a stand-in is attached before each step, and what is sent to it is a call.
   */
  children?: readonly string[];
}): number {
  const { machine, table, worlds, events } = options;
  const children = options.children ?? [];
  const strip = options.strip ?? ((c: C) => c);
  const states = Object.keys(table.states) as S[];
  // A final state ends the machine (its actor is done): nothing is sent there, it only must be final.
  const finals = states.filter((s) => table.states[s].final);
  expect(
    finals.filter((s) => machine.getStateNodeById(`${machine.id}.${s}`).type !== 'final'),
    'final states',
  ).toEqual([]);
  const stable = states.filter((s) => !table.states[s].always && !table.states[s].final);
  const failures: string[] = [];
  let compared = 0;
  for (const state of stable) {
    const first = worlds[0];
    if (!first) throw new Error('no world');
    // The event types the state (or an ancestor) handles at all: any other it ignores in every world, which
    // the table must say too (no rows); then the worlds are not walked for it (the comparisons are many).
    const handled = new Set(
      __unsafe_getAllOwnEventDescriptors(
        machine.resolveState({ value: stateValueOf(state) as never, context: first.context as never }),
      ),
    );
    for (const sample of events) {
      if (handled.has(sample.event.type)) continue;
      const byState = table.on[sample.event.type as E['type']] as Partial<Record<string, unknown[]>>;
      const rows = byState[state] ?? byState['*'] ?? [];
      if (rows.length > 0) failures.push(`${state} + ${sample.name}: the machine does not handle it`);
    }
    for (const world of worlds)
      for (const sample of events) {
        if (!handled.has(sample.event.type)) continue;
        const snapshot = withChildren(
          machine.resolveState({ value: stateValueOf(state) as never, context: world.context as never }),
          children,
        );
        const actual = actualStep(machine, snapshot, sample.event);
        const expected = expectedStep(table, state, world.context, sample.event);
        const where = `${state} + ${sample.name} in ${world.name}`;
        compared++;
        // Compared cheaply first; `expect` (slow, with its diff) only says what differs.
        const same =
          expected === null
            ? (actual.path.at(-1) ?? state) === state &&
              isDeepStrictEqual(strip(actual.context as C), strip(world.context)) &&
              actual.calls.length === 0
            : isDeepStrictEqual(actual.path, expected.path) &&
              isDeepStrictEqual(strip(actual.context as C), strip(expected.context)) &&
              isDeepStrictEqual(actual.calls, expected.calls);
        if (same) continue;
        try {
          if (expected === null) {
            expect(actual.path.at(-1) ?? state, `${where}: ignored`).toBe(state);
            expect(strip(actual.context as C), `${where}: ignored, context unchanged`).toEqual(
              strip(world.context),
            );
            expect(actual.calls, `${where}: ignored, nothing called`).toEqual([]);
          } else {
            expect(actual.path, `${where}: states`).toEqual(expected.path);
            expect(strip(actual.context as C), `${where}: context`).toEqual(strip(expected.context));
            expect(actual.calls, `${where}: calls`).toEqual(expected.calls);
          }
          failures.push(`${where}: differs (undefined against an absent field?)`);
        } catch (error) {
          failures.push((error as Error).message.split('\n').slice(0, 12).join('\n'));
        }
        if (failures.length > 5) throw new Error(failures.join('\n\n'));
      }
  }
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
  return compared;
}

/**
 * A resolved snapshot with stand-ins for the children it would have invoked (`resolveState` starts none): a
 * `sendTo` by id then resolves, and `callsOf` records it. The stand-in is never started or sent to (the
 * microsteps are pure).
 */
export function withChildren<T extends ReturnType<AnyStateMachine['resolveState']>>(
  snapshot: T,
  ids: readonly string[],
): T {
  if (ids.length === 0) return snapshot;
  const children = { ...snapshot.children };
  for (const id of ids) children[id] ??= createActor(createMachine({ id })) as never;
  return Object.assign(Object.create(Object.getPrototypeOf(snapshot)), snapshot, { children }) as T;
}

/** The machine's atomic state paths (for checking that the table lists every state, and no other). */
export function atomicStates(machine: AnyStateMachine): string[] {
  type Node = { key: string; type: string; states: Record<string, Node> };
  const walk = (node: Node, prefix: string): string[] =>
    Object.values(node.states).flatMap((child) => {
      const path = prefix ? `${prefix}.${child.key}` : child.key;
      return child.type === 'compound' || child.type === 'parallel' ? walk(child, path) : [path];
    });
  return walk(machine.root as unknown as Node, '');
}

/** A copy of plain data (objects, arrays), functions kept as they are (the config's named mappers). */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  return value;
}

/**
 * A hand-made mutant of a machine (issue 29: retargeted transitions, dropped guards, swapped actions): its
 * config copied and edited, with the machine's own implementations.
 */
export function mutantOf<M extends AnyStateMachine>(machine: M, edit: (config: never) => void): M {
  const config = copy(machine.config);
  edit(config as never);
  return createMachine(config, machine.implementations as never) as unknown as M;
}
