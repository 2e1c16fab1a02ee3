/**
 * The single-event chart's own named implementations (singleEventReserve.machine.ts spreads them into its
 * `setup`, next to the reserve core's): the mappers its config names, its API actors (provided by the route),
 * the guards and actions of the event's one session and its groups, and the helpers its view reads. What
 * every reserve flow shares is in core/ (the ticket form's rules in core/ticket-form.ts).
 */
import { assertEvent, fromPromise } from 'xstate';
import type { SessionModel, TicketGroupModel } from '../../api/models';
import type { FlowError } from '../shared/flow-error';
import type { Message, MessageParams } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import { flowAssign } from './core/actions';
import { NO_ADMITS } from './core/admits';
import { noPrices, pricesHold } from './core/prices';
import {
  errorNotice,
  flowErrorOf,
  offeredGroups,
  RESERVE_ERROR,
  refusedErrorOf,
  reserveErrorText,
  withNotice,
} from './core/rules';
import { NO_SURVEYS } from './core/surveys';
import { fieldsHold, formInStep, formReserveInput, NO_TICKETS } from './core/ticket-form';
import type { ReserveIntoCartInput } from './core/types';
import { NO_VOUCHERS } from './core/vouchers';
import { type QuantityScope, quantitiesAfter } from './quantities';
import { canSubmitSingle, defaultQuantities, isSessionless } from './single-event';
import type {
  LoadSingleGroupsInput,
  LoadSingleSessionInput,
  SingleEventReserveContext,
  SingleEventReserveEvent,
  SingleEventReserveInput,
} from './single-event-types';

// ---- named mappers ----------------------------------------------------------------------------------

export function singleEventContext({ input }: { input: SingleEventReserveInput }): SingleEventReserveContext {
  return {
    event: input.event,
    select: input.select ?? null,
    session: null,
    groups: [],
    quantities: {},
    seats: {},
    ...NO_ADMITS,
    ...NO_SURVEYS,
    ...noPrices(input.presetPriceCents ?? null),
    ...NO_VOUCHERS,
    messages: [],
    blocking: null,
    cart: null,
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

/** The form's reserve: the session (none for discount codes), a city pass's visit at its start. */
export function singleReserveInput({
  context,
}: {
  context: SingleEventReserveContext;
}): ReserveIntoCartInput {
  const { session, groups } = context;
  return formReserveInput(context, groups, session?.id ?? null, session?.start ?? null);
}

// ---- helpers ----------------------------------------------------------------------------------------

/** What the visitor reads for a failed load or reserve; sold out names the session's time. */
function errorText(error: FlowError | null, context: SingleEventReserveContext): Message {
  const session = context.session;
  const params: MessageParams = session
    ? { time: { time: session.start, zone: context.event.venue.timezone } }
    : {};
  return reserveErrorText(error, params);
}

export function singleQuantityScope(context: SingleEventReserveContext): QuantityScope {
  return { groups: context.groups, session: context.session, quantities: context.quantities };
}

/** The submit button's rule on context alone (being in `ready` is the rest of it). */
export function isSingleReadyToSubmit(context: SingleEventReserveContext): boolean {
  return canSubmitSingle(context.groups, context.quantities, context.seats);
}

// ---- actors (the route provides each; a flow run without its wiring fails with not_provided) -----------

export const singleEventActors = {
  loadSession: fromPromise<SessionModel | null, LoadSingleSessionInput>(notProvided('loadSession')),
  loadSessionGroups: fromPromise<TicketGroupModel[], LoadSingleGroupsInput>(notProvided('loadSessionGroups')),
};

// ---- guards and actions -----------------------------------------------------------------------------

type Args = { context: SingleEventReserveContext; event: SingleEventReserveEvent };
const act = flowAssign<SingleEventReserveContext, SingleEventReserveEvent>();

export const singleEventGuards = {
  isSessionless: ({ context }: Args) => isSessionless(context.event),
  hasNoSession: ({ event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadSession');
    return event.output === null;
  },
  /** The submit button's rule, the attendee, voucher, survey and price rules. */
  canSubmit: ({ context }: Args) =>
    isSingleReadyToSubmit(context) &&
    fieldsHold(context, context.groups, context.quantities) &&
    pricesHold(context.groups, context.quantities, context),
  /** The spec's submit rule without the attendees: a submit then only shows what the attendees lack. */
  ticketsReady: ({ context }: Args) => isSingleReadyToSubmit(context),
};

export const singleEventActions = {
  assignEventGroups: act({ groups: ({ context }) => context.event.ticketGroups }),
  assignSession: act({
    session: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadSession');
      return event.output;
    },
  }),
  assignGroups: act({
    groups: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessionGroups');
      return offeredGroups(context.event, event.output);
    },
  }),
  applyDefaultQuantities: act(({ context }) => {
    const scope = { groups: context.groups, session: context.session };
    return formInStep(context, context.groups, defaultQuantities(scope, context.select));
  }),
  noteLoadError: act({ blocking: ({ context, event }) => errorText(flowErrorOf(event), context) }),
  /** A stepper's increment, decrement or typed count, through the quantity rules; attendees follow. */
  changeQuantity: act(({ context, event }) =>
    formInStep(context, context.groups, quantitiesAfter(singleQuantityScope(context), event)),
  ),
  /** Sold out names the session's time (the core's `noteReserveError` does not). */
  noteReserveError: act({
    messages: ({ context, event }) =>
      withNotice(context.messages, errorNotice(RESERVE_ERROR, errorText(refusedErrorOf(event), context))),
  }),
  /** Sold out: the session and its groups are loaded again, the choice is cleared. */
  clearSelection: act({ session: null, groups: [], ...NO_TICKETS }),
};
