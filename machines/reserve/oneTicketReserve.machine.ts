/**
 * One-ticket-only picker (spec 1 §2 layout 2; §4 "Quantities": exactly-one mode blocks decrease), for events
 * whose groups are all ledger or donation.
 *
 * loading (donation groups with GET ticket_group/{id}) -> picking | unavailable (nothing can be chosen) |
 * loadError (retry); picking: `ticket.choose` replaces the one ticket (there is no decrease); submit once one
 * is chosen -> reserving (no session) -> done (output { cart }); a failed reserve -> picking with its message.
 *
 * No I/O: the promise actors are provided by the route; `reserved` is the injected after-reserve action.
 */
import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  enqueueActions,
  fromPromise,
  setup,
} from 'xstate';
import { ErrorCode } from '../../api/codes';
import { outcomeMessage, reserveOutcome } from '../../api/error-messages';
import type { CartModel, TicketGroupModel } from '../../api/models';
import { outputOf } from '../shared/done-output';
import { type Message, message } from '../shared/messages';
import { chooseOne, chosenType, initialChoice, isChoosable } from './one-ticket';
import type {
  LoadOneTicketGroupsInput,
  OneTicketReserveContext,
  OneTicketReserveEvent,
  OneTicketReserveInput,
  OneTicketReserveOutput,
  ReserveInput,
} from './one-ticket-types';
import { requestQuantities } from './quantities';
import { flowErrorOf, isCartGoneFirstTime } from './reserve-errors';
import type { ReserveFlowError, ReserveNotice } from './types';

function notProvided(name: string): never {
  throw new Error(`${name}: not provided`);
}

// ---- named mappers ----------------------------------------------------------------------------------

export function oneTicketContext({ input }: { input: OneTicketReserveInput }): OneTicketReserveContext {
  return {
    event: input.event,
    select: input.select ?? null,
    groups: [],
    quantities: {},
    messages: [],
    blocking: null,
    cart: null,
    retriedInNewCart: false,
  };
}

export function oneTicketGroupsInput({
  context,
}: {
  context: OneTicketReserveContext;
}): LoadOneTicketGroupsInput {
  return { eventId: context.event.id, groups: context.event.ticketGroups };
}

export function oneTicketReserveInput({ context }: { context: OneTicketReserveContext }): ReserveInput {
  return {
    newCart: context.retriedInNewCart,
    request: {
      eventId: context.event.id,
      sessionId: null,
      quantities: requestQuantities(context.quantities),
    },
  };
}

export function oneTicketOutput({ context }: { context: OneTicketReserveContext }): OneTicketReserveOutput {
  if (!context.cart) throw new Error('oneTicketReserve finished without a cart');
  return { cart: context.cart };
}

// ---- helpers ----------------------------------------------------------------------------------------

function errorText(event: unknown): Message {
  return outcomeMessage(reserveOutcome(flowErrorOf(event) ?? { code: ErrorCode.unexpected }), 'reserve');
}

/** Nothing in the loaded groups can be chosen. */
export function hasNoChoice(groups: readonly TicketGroupModel[]): boolean {
  return !groups.some((group) => group.types.some((type) => isChoosable(groups, type.id)));
}

function withNotice(messages: readonly ReserveNotice[], notice: ReserveNotice): ReserveNotice[] {
  return [...messages.filter((m) => m.key !== notice.key), notice];
}

const RESERVE_ERROR = 'reserve.error';

// ---- the machine ------------------------------------------------------------------------------------

export const oneTicketReserveMachine = setup({
  types: {
    context: {} as OneTicketReserveContext,
    events: {} as OneTicketReserveEvent,
    input: {} as OneTicketReserveInput,
    output: {} as OneTicketReserveOutput,
  },
  actors: {
    loadGroups: fromPromise<TicketGroupModel[], LoadOneTicketGroupsInput>(async () =>
      notProvided('loadGroups'),
    ),
    reserve: fromPromise<CartModel, ReserveInput>(async () => notProvided('reserve')),
  },
  guards: {
    hasNoChoice: ({ event }) => hasNoChoice(outputOf<TicketGroupModel[]>(event)),
    isChoosable: ({ context, event }) =>
      event.type === 'ticket.choose' && isChoosable(context.groups, event.ticketTypeId),
    hasChosen: ({ context }) => chosenType(context.quantities) !== null,
    isCartGoneFirstTime: ({ context, event }) => isCartGoneFirstTime(context, event),
  },
  actions: {
    /** Injected: the shared after-reserve step (tell the cart, go on to add-ons or checkout). */
    reserved: (_args, _cart: CartModel) => {},
    announceReserved: enqueueActions(({ context, enqueue }) => {
      if (!context.cart) return;
      const call = { type: 'reserved', params: context.cart };
      enqueue(call as unknown as Parameters<typeof enqueue>[0]);
    }),
    assignGroups: assign(({ context, event }) => {
      const groups = outputOf<TicketGroupModel[]>(event);
      return { groups, quantities: initialChoice(groups, context.select) };
    }),
    noteUnavailable: assign({ blocking: () => message('eventUnavailable') }),
    noteLoadError: assign({ blocking: ({ event }) => errorText(event) }),
    clearBlocking: assign({ blocking: null }),
    choose: assign({
      quantities: ({ context, event }) =>
        event.type === 'ticket.choose'
          ? chooseOne(context.groups, context.quantities, event.ticketTypeId)
          : context.quantities,
    }),
    clearReserveNotice: assign({
      messages: ({ context }) => context.messages.filter((m) => m.key !== RESERVE_ERROR),
    }),
    dismissMessage: assign({
      messages: ({ context, event }) =>
        event.type === 'message.dismiss'
          ? context.messages.filter((m) => m.key !== event.key)
          : context.messages,
    }),
    noteReserveError: assign({
      messages: ({ context, event }) =>
        withNotice(context.messages, { key: RESERVE_ERROR, level: 'error', message: errorText(event) }),
    }),
    assignCart: assign({ cart: ({ event }) => outputOf<CartModel>(event) }),
    markRetryInNewCart: assign({ retriedInNewCart: true }),
    clearRetryInNewCart: assign({ retriedInNewCart: false }),
  },
}).createMachine({
  id: 'oneTicketReserve',
  context: oneTicketContext,
  output: oneTicketOutput,
  initial: 'loading',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadGroups',
        src: 'loadGroups',
        input: oneTicketGroupsInput,
        onDone: [
          { guard: 'hasNoChoice', target: 'unavailable', actions: ['assignGroups', 'noteUnavailable'] },
          { target: 'picking', actions: 'assignGroups' },
        ],
        onError: { target: 'loadError', actions: 'noteLoadError' },
      },
    },
    loadError: {
      on: { retry: { target: 'loading', actions: 'clearBlocking' } },
    },
    unavailable: {},
    picking: {
      description: 'Exactly one ticket: choosing a type replaces the one chosen; there is no decrease.',
      on: {
        'ticket.choose': { guard: 'isChoosable', actions: 'choose' },
        submit: {
          guard: 'hasChosen',
          target: 'reserving',
          actions: ['clearReserveNotice', 'clearRetryInNewCart'],
        },
      },
    },
    reserving: {
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: oneTicketReserveInput,
        onDone: { target: 'done', actions: ['assignCart', 'announceReserved'] },
        onError: [
          { guard: 'isCartGoneFirstTime', target: 'reserving', reenter: true, actions: 'markRetryInNewCart' },
          { target: 'picking', actions: 'noteReserveError' },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type OneTicketReserveMachine = typeof oneTicketReserveMachine;
