/**
 * The reserve core's shared named actions and request helpers, on a flow of their own: every reserve variant
 * names these implementations, so they are checked here apart from any one variant's chart.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { ErrorCode } from '../../domain/codes';
import { reserveCoreActions } from '../../machines/reserve/core/actions';
import { reserveCoreGuards } from '../../machines/reserve/core/guards';
import {
  cartOutput,
  errorNotice,
  RESERVE_ERROR,
  refusedOutput,
  reservedOutput,
  ticketsReserveInput,
} from '../../machines/reserve/core/rules';
import type { ReserveCoreContext, ReserveCoreEvent } from '../../machines/reserve/core/types';
import { makeCart } from '../../stories/fixtures/cart';

type Context = ReserveCoreContext & { other: string };

/** A flow with only the core's actions, and the one field of its own they must leave alone. */
const flow = setup({
  types: { context: {} as Context, events: {} as ReserveCoreEvent },
  guards: { ...reserveCoreGuards },
  actions: { ...reserveCoreActions<Context, ReserveCoreEvent>() },
}).createMachine({
  context: { messages: [errorNotice('load.error', { key: 'errorUnexpected' })], cart: null, other: 'kept' },
  on: {
    'xstate.done.actor.reserveIntoCart': [
      { guard: 'isReserved', actions: 'assignCart' },
      { actions: 'noteReserveError' },
    ],
    submit: { actions: 'clearReserveNotices' },
    'message.dismiss': { actions: 'dismissMessage' },
  },
});

const cart = makeCart();

describe('reserve core actions', () => {
  it('keep the cart of a reserve, note a refusal once, and leave the rest of the context alone', () => {
    const actor = createActor(flow).start();
    const refused = refusedOutput({ code: ErrorCode.event_session_sold_out, description: null });
    actor.send({ type: 'xstate.done.actor.reserveIntoCart', output: refused, actorId: 'reserveIntoCart' });
    actor.send({ type: 'xstate.done.actor.reserveIntoCart', output: refused, actorId: 'reserveIntoCart' });
    expect(actor.getSnapshot().context.cart).toBeNull();
    expect(actor.getSnapshot().context.messages.map((m) => m.key)).toEqual(['load.error', RESERVE_ERROR]);

    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.messages.map((m) => m.key)).toEqual(['load.error']);

    actor.send({
      type: 'xstate.done.actor.reserveIntoCart',
      output: reservedOutput(cart),
      actorId: 'reserveIntoCart',
    });
    expect(actor.getSnapshot().context.cart).toBe(cart);

    actor.send({ type: 'message.dismiss', key: 'load.error' });
    expect(actor.getSnapshot().context).toMatchObject({ messages: [], other: 'kept' });
  });
});

describe('reserve core request and output', () => {
  it('sends the counts above zero, and seats only when some are chosen', () => {
    const input = ticketsReserveInput('event-1', null, [], { a: 2, b: 0 });
    expect(input).toEqual({
      request: { kind: 'tickets', tickets: { eventId: 'event-1', sessionId: null, quantities: { a: 2 } } },
    });
  });

  it('ends with the cart, and refuses to end without one', () => {
    expect(cartOutput({ context: { cart } })).toEqual({ cart });
    expect(() => cartOutput({ context: { cart: null } })).toThrow(/without a cart/);
  });
});
