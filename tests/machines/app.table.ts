/**
 * The app root actor's independent table (issue 29; app.table.test.ts holds the machine to it), written from
 * DESIGN "App-wide actors" (an app root actor owns the app-wide actors as children with a `systemId`: `cart`,
 * `session` (the member) and `modals` (the modal stack); screens reach them through the actor system), spec 3 §3
 * "Local stored state" (what the route read from local storage: the cart id, the member) and the code's
 * documented reading of the seller's 'more time' on the cart's hold (issue 23: the cart is told only when the
 * seller offers it), not read from the machine.
 *
 * The app has no states and no events of its own: its whole table is its start (its context and the children it
 * invokes, in order, each with its id, system id and input) and that every event reaching it (the children's
 * events, sent to the wrong actor, or any other) changes nothing and calls nothing.
 */
import { type AnyStateMachine, getInitialMicrosteps, getMicrosteps } from 'xstate';
import type { AppContext, AppInput } from '../../machines/app/types';
import type { MemberSession } from '../../machines/session/types';

/** A child the app invokes: its source, child id, system id and input (absent: none). */
export interface Child {
  invoke: string;
  id: string;
  systemId: string;
  input?: unknown;
}

/** What the app is and does when it starts with `input`. */
export function expectedStart(input: AppInput): { context: AppContext; calls: Child[] } {
  const offered = input.allowMoreTime === true;
  const stored = input.storedSession ?? null;
  return {
    context: {
      storedCartId: input.storedCartId,
      storedSession: stored,
      ...(offered ? { allowMoreTime: true } : {}),
    },
    calls: [
      {
        invoke: 'cart',
        id: 'cart',
        systemId: 'cart',
        input: { storedCartId: input.storedCartId, ...(offered ? { allowMoreTime: true } : {}) },
      },
      { invoke: 'session', id: 'session', systemId: 'session', input: { stored } },
      { invoke: 'modals', id: 'modals', systemId: 'modals' },
    ],
  };
}

const member = {
  identityId: 'identity-1',
  firstName: 'Ada',
  email: 'ada@example.com',
} as unknown as MemberSession;

/** The inputs the route may hand it: each field present and absent, more time offered, refused and unsaid. */
export const inputs: { name: string; input: AppInput }[] = [
  { name: 'a first visit', input: { storedCartId: null } },
  { name: 'a stored cart and member', input: { storedCartId: 'cart-1', storedSession: member } },
  { name: 'no stored member (null)', input: { storedCartId: 'cart-2', storedSession: null } },
  { name: 'more time offered', input: { storedCartId: null, allowMoreTime: true } },
  {
    name: 'more time offered, a stored cart and member',
    input: { storedCartId: 'cart-3', storedSession: member, allowMoreTime: true },
  },
  { name: 'more time not offered', input: { storedCartId: 'cart-4', allowMoreTime: false } },
];

/** Events that may reach the app: its children's, and others. It handles none. */
export const events: { type: string; [key: string]: unknown }[] = [
  { type: 'cart.refresh' },
  { type: 'cart.clear', cartId: 'cart-1' },
  { type: 'session.logout' },
  { type: 'session.loggedIn', member },
  { type: 'modal.open', name: 'login' },
  { type: 'modal.closeAll' },
  { type: 'tick', now: 1_700_000_000_000 },
  { type: 'xstate.done.actor.cart', output: {} },
  { type: 'xstate.error.actor.session', error: { code: 'unexpected' } },
  { type: 'anything else' },
];

type Action = { type: string; params?: Record<string, unknown> };
/** The machine's calls: each invoked child as the table writes it, any other action as its type. */
const callsOf = (actions: readonly Action[]): (Child | string)[] =>
  actions.map((a) => {
    if (a.type !== 'xstate.spawnChild') return a.type;
    const { src, id, systemId, input } = a.params as {
      src: unknown;
      id: string;
      systemId: string;
      input?: unknown;
    };
    return { invoke: String(src), id, systemId, ...(input === undefined ? {} : { input }) };
  });
type Step = { value: unknown; context: unknown; calls: (Child | string)[] };
const stepsOf = (
  steps: readonly (readonly [{ value: unknown; context: unknown }, readonly unknown[]])[],
): Step[] =>
  steps.map(([s, actions]) => ({ value: s.value, context: s.context, calls: callsOf(actions as Action[]) }));

/** The machine's start from an input: its microsteps' state values, contexts and calls. */
export const actualStart = (machine: AnyStateMachine, input: AppInput): Step[] =>
  stepsOf(getInitialMicrosteps(machine, input as never) as never);

/** The machine's microsteps of an event, from its root with a context. */
export const actualStep = (machine: AnyStateMachine, context: AppContext, event: { type: string }): Step[] =>
  stepsOf(
    getMicrosteps(machine, machine.resolveState({ value: {}, context } as never), event as never) as never,
  );
