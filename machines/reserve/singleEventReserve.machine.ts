/**
 * Single-event reserve flow (spec 1 §2 layout 4, §4 "Single-event flow").
 *
 * checking -> ready when every group is a discount-code purchase (no session is needed: the event's own
 * groups are the form); otherwise loadingSession (the event's one session) -> loadingGroups (its ticket
 * groups, then the default quantities) -> ready; no session on sale -> unavailable; a failed load ->
 * loadError (retry). ready: quantities; submit (only with at least one ticket, every group within its
 * limits and no seats left to choose) -> reserving -> done (output { cart }). A sold-out session reloads it.
 *
 * No I/O: the promise actors are provided by the route; `reserved` is the injected after-reserve action.
 * The config holds no inline functions (named guards, actions and mappers only).
 */
import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  enqueueActions,
  fromPromise,
  setup,
} from 'xstate';
import type { CartModel, SessionModel, TicketGroupModel } from '../../api/models';
import { outputOf } from '../shared/done-output';
import { type Message, message } from '../shared/messages';
import { formatSessionTime } from './format';
import { decrement, increment, type QuantityScope, requestQuantities, setQuantity } from './quantities';
import { flowErrorOf, isCartGoneFirstTime, isSessionSoldOutError } from './reserve-errors';
import { reserveErrorMessage, reserveSeatsPart, withoutTakenSeats } from './seats';
import { canSubmitSingle, defaultQuantities, isSessionless } from './single-event';
import type {
  LoadSingleGroupsInput,
  LoadSingleSessionInput,
  ReserveInput,
  SingleEventReserveContext,
  SingleEventReserveEvent,
  SingleEventReserveInput,
  SingleEventReserveOutput,
} from './single-event-types';
import type { ReserveFlowError, ReserveNotice } from './types';

function notProvided(name: string): never {
  throw new Error(`${name}: not provided`);
}

// ---- named mappers ----------------------------------------------------------------------------------

export function singleEventContext({ input }: { input: SingleEventReserveInput }): SingleEventReserveContext {
  return {
    event: input.event,
    select: input.select ?? null,
    session: null,
    groups: [],
    quantities: {},
    seats: {},
    messages: [],
    blocking: null,
    cart: null,
    retriedInNewCart: false,
  };
}

export function singleSessionInput({
  context,
}: {
  context: SingleEventReserveContext;
}): LoadSingleSessionInput {
  return { eventId: context.event.id };
}

export function singleGroupsInput({
  context,
}: {
  context: SingleEventReserveContext;
}): LoadSingleGroupsInput {
  return { eventId: context.event.id, sessionId: context.session?.id ?? '' };
}

export function singleReserveInput({ context }: { context: SingleEventReserveContext }): ReserveInput {
  return {
    newCart: context.retriedInNewCart,
    request: {
      eventId: context.event.id,
      sessionId: context.session?.id ?? null,
      quantities: requestQuantities(context.quantities),
      ...reserveSeatsPart(context.groups, context.quantities, context.seats),
    },
  };
}

export function singleEventOutput({
  context,
}: {
  context: SingleEventReserveContext;
}): SingleEventReserveOutput {
  if (!context.cart) throw new Error('singleEventReserve finished without a cart');
  return { cart: context.cart };
}

// ---- helpers ----------------------------------------------------------------------------------------

/** What the visitor reads for a failed load or reserve; sold out names the session's time. */
function errorText(event: unknown, context: SingleEventReserveContext): Message {
  const session = context.session;
  const params: Record<string, string> = session
    ? { time: formatSessionTime(session.start, context.event.venue.timezone) }
    : {};
  return reserveErrorMessage(event, params);
}

export function singleQuantityScope(context: SingleEventReserveContext): QuantityScope {
  return { groups: context.groups, session: context.session, quantities: context.quantities };
}

/** The submit rule on context alone (being in `ready` is the rest of it). */
export function isSingleReadyToSubmit(context: SingleEventReserveContext): boolean {
  return canSubmitSingle(context.groups, context.quantities, context.seats);
}

function withNotice(messages: readonly ReserveNotice[], notice: ReserveNotice): ReserveNotice[] {
  return [...messages.filter((m) => m.key !== notice.key), notice];
}

const RESERVE_ERROR = 'reserve.error';

// ---- the machine ------------------------------------------------------------------------------------

export const singleEventReserveMachine = setup({
  types: {
    context: {} as SingleEventReserveContext,
    events: {} as SingleEventReserveEvent,
    input: {} as SingleEventReserveInput,
    output: {} as SingleEventReserveOutput,
  },
  actors: {
    loadSession: fromPromise<SessionModel | null, LoadSingleSessionInput>(async () =>
      notProvided('loadSession'),
    ),
    loadSessionGroups: fromPromise<TicketGroupModel[], LoadSingleGroupsInput>(async () =>
      notProvided('loadSessionGroups'),
    ),
    reserve: fromPromise<CartModel, ReserveInput>(async () => notProvided('reserve')),
  },
  guards: {
    isSessionless: ({ context }) => isSessionless(context.event),
    hasNoSession: ({ event }) => outputOf<SessionModel | null>(event) === null,
    canSubmit: ({ context }) => isSingleReadyToSubmit(context),
    isSessionSoldOutError: ({ event }) => isSessionSoldOutError(event),
    isCartGoneFirstTime: ({ context, event }) => isCartGoneFirstTime(context, event),
  },
  actions: {
    /** The seat map's confirmed seats. */
    assignSeats: assign({
      seats: ({ context, event }) => (event.type === 'seats.set' ? event.seats : context.seats),
    }),
    /** A seat another buyer took first is dropped: the map, opened again, shows it booked. */
    dropTakenSeats: assign({
      seats: ({ context, event }) => withoutTakenSeats(context.seats, flowErrorOf(event)),
    }),
    /** Injected: the shared after-reserve step (tell the cart, go on to add-ons or checkout). */
    reserved: (_args, _cart: CartModel) => {},
    announceReserved: enqueueActions(({ context, enqueue }) => {
      if (!context.cart) return;
      const call = { type: 'reserved', params: context.cart };
      enqueue(call as unknown as Parameters<typeof enqueue>[0]);
    }),
    assignEventGroups: assign({ groups: ({ context }) => context.event.ticketGroups }),
    assignSession: assign({ session: ({ event }) => outputOf<SessionModel | null>(event) }),
    assignGroups: assign({ groups: ({ event }) => outputOf<TicketGroupModel[]>(event) }),
    applyDefaultQuantities: assign({
      quantities: ({ context }) =>
        defaultQuantities({ groups: context.groups, session: context.session }, context.select),
    }),
    noteUnavailable: assign({ blocking: () => message('eventUnavailable') }),
    noteLoadError: assign({ blocking: ({ context, event }) => errorText(event, context) }),
    clearBlocking: assign({ blocking: null }),
    incrementQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.increment'
          ? increment(singleQuantityScope(context), event.ticketTypeId)
          : context.quantities,
    }),
    decrementQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.decrement'
          ? decrement(singleQuantityScope(context), event.ticketTypeId)
          : context.quantities,
    }),
    setQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.set'
          ? setQuantity(singleQuantityScope(context), event.ticketTypeId, event.quantity)
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
        withNotice(context.messages, {
          key: RESERVE_ERROR,
          level: 'error',
          message: errorText(event, context),
        }),
    }),
    /** Sold out: the session and its groups are loaded again, the choice is cleared. */
    clearSelection: assign({ session: null, groups: [], quantities: {} }),
    assignCart: assign({ cart: ({ event }) => outputOf<CartModel>(event) }),
    markRetryInNewCart: assign({ retriedInNewCart: true }),
    clearRetryInNewCart: assign({ retriedInNewCart: false }),
  },
}).createMachine({
  id: 'singleEventReserve',
  context: singleEventContext,
  output: singleEventOutput,
  initial: 'checking',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    checking: {
      description: 'When every group is a discount-code purchase no session is needed.',
      always: [
        {
          guard: 'isSessionless',
          target: 'ready',
          actions: ['assignEventGroups', 'applyDefaultQuantities'],
        },
        { target: 'loadingSession' },
      ],
    },
    loadingSession: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: singleSessionInput,
        onDone: [
          { guard: 'hasNoSession', target: 'unavailable', actions: 'noteUnavailable' },
          { target: 'loadingGroups', actions: 'assignSession' },
        ],
        onError: { target: 'loadError', actions: 'noteLoadError' },
      },
    },
    loadingGroups: {
      invoke: {
        id: 'loadSessionGroups',
        src: 'loadSessionGroups',
        input: singleGroupsInput,
        onDone: { target: 'ready', actions: ['assignGroups', 'applyDefaultQuantities'] },
        onError: { target: 'loadError', actions: 'noteLoadError' },
      },
    },
    loadError: {
      on: { retry: { target: 'checking', actions: 'clearBlocking' } },
    },
    unavailable: {},
    ready: {
      on: {
        'quantity.increment': { actions: 'incrementQuantity' },
        'quantity.decrement': { actions: 'decrementQuantity' },
        'quantity.set': { actions: 'setQuantity' },
        'seats.set': { actions: 'assignSeats' },
        submit: {
          guard: 'canSubmit',
          target: 'reserving',
          actions: ['clearReserveNotice', 'clearRetryInNewCart'],
        },
      },
    },
    reserving: {
      description:
        "Reserving into the app cart's current id; a cart found gone is replaced by a new one, once.",
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: singleReserveInput,
        onDone: { target: 'done', actions: ['assignCart', 'announceReserved'] },
        onError: [
          { guard: 'isCartGoneFirstTime', target: 'reserving', reenter: true, actions: 'markRetryInNewCart' },
          {
            guard: 'isSessionSoldOutError',
            target: 'loadingSession',
            actions: ['noteReserveError', 'clearSelection'],
          },
          { target: 'ready', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type SingleEventReserveMachine = typeof singleEventReserveMachine;
