/**
 * One-ticket-only picker (spec 1 §2 layout 2; §4 "Quantities": exactly-one mode blocks decrease), for events
 * whose groups are all ledger or donation.
 *
 * loading (donation groups with GET ticket_group/{id}) -> picking | unavailable (nothing can be chosen) |
 * loadError (retry); picking: `ticket.choose` replaces the one ticket (there is no decrease); `price.change`
 * keeps the amount typed for a pay-what-you-wish type (core/prices.ts); submit once one is chosen and its
 * amount fits -> reserving (the core's `reserveIntoCart`, no session, the amount as face_value) -> done
 * (output { cart }); a submit whose amount does not fit stays, showing 'Value entered is outside min/max.';
 * a refused reserve -> picking with its message.
 *
 * No I/O: the promise actors are provided by the route; `reserved` is the injected after-reserve action.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { TicketGroupModel } from '../../api/models';
import { notProvided } from '../shared/not-provided';
import { blockingActions, priceActions, reserveCoreActions } from './core/actions';
import { reserveCoreGuards } from './core/guards';
import { noPrices, pricesHold, requestFaceValues } from './core/prices';
import { reserveIntoCartMachine } from './core/reserveIntoCart.machine';
import { cartOutput, flowErrorOf, reserveErrorText, ticketsReserveInput } from './core/rules';
import type { ReserveIntoCartInput, ReserveOutput } from './core/types';
import { chooseOne, chosenType, initialChoice, isChoosable } from './oneTicketReserve.rules';
import type {
  LoadOneTicketGroupsInput,
  OneTicketReserveContext,
  OneTicketReserveEvent,
  OneTicketReserveInput,
} from './oneTicketReserve.types';

// ---- named mappers ----------------------------------------------------------------------------------

export function oneTicketContext({ input }: { input: OneTicketReserveInput }): OneTicketReserveContext {
  return {
    event: input.event,
    select: input.select ?? null,
    today: input.today ?? null,
    groups: [],
    quantities: {},
    messages: [],
    blocking: null,
    cart: null,
    ...noPrices(input.presetPriceCents ?? null),
  };
}

export function oneTicketGroupsInput({
  context,
}: {
  context: OneTicketReserveContext;
}): LoadOneTicketGroupsInput {
  return { eventId: context.event.id, groups: context.event.ticketGroups };
}

/** No session, no seats: the one chosen ticket, a pay-what-you-wish type's amount as its face_value. */
export function oneTicketReserveInput({
  context,
}: {
  context: OneTicketReserveContext;
}): ReserveIntoCartInput {
  const { groups, quantities } = context;
  const faceValues = requestFaceValues(groups, quantities, context);
  return ticketsReserveInput(
    context.event.id,
    null,
    groups,
    quantities,
    {},
    undefined,
    undefined,
    undefined,
    faceValues,
  );
}

/** Nothing in the loaded groups can be chosen. */
export function hasNoChoice(groups: readonly TicketGroupModel[]): boolean {
  return !groups.some((group) => group.types.some((type) => isChoosable(groups, type.id)));
}

// ---- the machine ------------------------------------------------------------------------------------

export const oneTicketReserveMachine = setup({
  types: {
    context: {} as OneTicketReserveContext,
    events: {} as OneTicketReserveEvent,
    input: {} as OneTicketReserveInput,
    output: {} as ReserveOutput,
  },
  actors: {
    loadGroups: fromPromise<TicketGroupModel[], LoadOneTicketGroupsInput>(notProvided('loadGroups')),
    reserveIntoCart: reserveIntoCartMachine,
  },
  guards: {
    ...reserveCoreGuards,
    hasNoChoice: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadGroups');
      return hasNoChoice(event.output);
    },
    isChoosable: ({ context, event }) => {
      assertEvent(event, 'ticket.choose');
      return isChoosable(context.groups, event.ticketTypeId);
    },
    hasChosen: ({ context }) => chosenType(context.quantities) !== null,
    /** One is chosen and, for a pay-what-you-wish type, its amount fits (core/prices.ts). */
    canSubmit: ({ context }) =>
      chosenType(context.quantities) !== null && pricesHold(context.groups, context.quantities, context),
  },
  actions: {
    ...reserveCoreActions<OneTicketReserveContext, OneTicketReserveEvent>(),
    ...blockingActions<OneTicketReserveContext, OneTicketReserveEvent>(),
    ...priceActions<OneTicketReserveContext, OneTicketReserveEvent>(),
    assignGroups: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadGroups');
      return { groups: event.output, quantities: initialChoice(event.output, context.select) };
    }),
    noteLoadError: assign({ blocking: ({ event }) => reserveErrorText(flowErrorOf(event)) }),
    choose: assign({
      quantities: ({ context, event }) => {
        assertEvent(event, 'ticket.choose');
        return chooseOne(context.groups, context.quantities, event.ticketTypeId);
      },
    }),
  },
}).createMachine({
  id: 'oneTicketReserve',
  description:
    'One ticket (spec 1): a picker of exactly one ticket (a donation, a gift card), reserved into the cart.',
  context: oneTicketContext,
  output: cartOutput,
  initial: 'loading',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    loading: {
      description: "The event's ticket groups are loading.",
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
      description: 'The groups could not be loaded: the error and a retry.',
      on: { retry: { target: 'loading', actions: 'clearBlocking' } },
    },
    unavailable: { description: 'Nothing can be chosen: the event is unavailable.' },
    picking: {
      description:
        'Exactly one ticket: choosing a type replaces the one chosen; there is no decrease. A pay-what-you-wish type takes its amount; a submit it does not fit shows why.',
      on: {
        'ticket.choose': { guard: 'isChoosable', actions: 'choose' },
        'price.change': { actions: 'changePrice' },
        submit: [
          { guard: 'canSubmit', target: 'reserving', actions: 'clearReserveNotices' },
          { guard: 'hasChosen', actions: 'checkPrices' },
        ],
      },
    },
    reserving: {
      description: 'The reserve core puts the ticket in the cart (a new cart, once, when the cart is gone).',
      invoke: {
        id: 'reserveIntoCart',
        src: 'reserveIntoCart',
        input: oneTicketReserveInput,
        onDone: [
          { guard: 'isReserved', target: 'done', actions: ['assignCart', 'reserved'] },
          { target: 'picking', actions: 'noteReserveError' },
        ],
        onError: { target: 'picking', actions: 'noteReserveError' },
      },
    },
    done: { description: 'The ticket is in the cart.', type: 'final' },
  },
});

export type OneTicketReserveMachine = typeof oneTicketReserveMachine;
