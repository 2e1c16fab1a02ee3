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
import {
  errorNotice,
  flowErrorOf,
  offeredGroups,
  RESERVE_ERROR,
  refusedErrorOf,
  reserveErrorText,
  withNotice,
} from './core/rules';
import type { TicketFormInput, TicketFormResetEvent } from './core/ticket-form';
import type { ReserveIntoCartInput } from './core/types';
import { canSubmitSingle, defaultQuantities, isSessionless } from './singleEventReserve.rules';
import type {
  LoadSingleGroupsInput,
  LoadSingleSessionInput,
  SingleEventReserveContext,
  SingleEventReserveEvent,
  SingleEventReserveInput,
} from './singleEventReserve.types';

// ---- named mappers ----------------------------------------------------------------------------------

export function singleEventContext({ input }: { input: SingleEventReserveInput }): SingleEventReserveContext {
  return {
    event: input.event,
    select: input.select ?? null,
    presetPriceCents: input.presetPriceCents ?? null,
    session: null,
    groups: [],
    request: null,
    messages: [],
    blocking: null,
    cart: null,
  };
}

/** The form's first input: no groups yet (they come with `form.reset` once loaded), the price query. */
export function singleFormInput({ context }: { context: SingleEventReserveContext }): TicketFormInput {
  return { event: context.event, groups: [], session: null, presetPriceCents: context.presetPriceCents };
}

/** The form gets the groups just known (the event's own, or the session's) at their default quantities. */
export function singleFormReset({ context }: { context: SingleEventReserveContext }): TicketFormResetEvent {
  const { groups, session } = context;
  return {
    type: 'form.reset',
    groups,
    session,
    quantities: defaultQuantities({ groups, session }, context.select),
  };
}

/** Sold out: the form is emptied while the session and its groups load again. */
export function emptyFormReset(): TicketFormResetEvent {
  return { type: 'form.reset', groups: [], session: null };
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

/** The reserve: what the form's valid submit asked for (the session, a city pass's visit at its start). */
export function singleReserveInput({
  context,
}: {
  context: SingleEventReserveContext;
}): ReserveIntoCartInput {
  if (!context.request) throw new Error('singleEventReserve: reserving without the form’s request');
  return context.request;
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

/** The submit button's rule on the form's groups and choice (the form being open is the rest of it). */
export function isSingleReadyToSubmit(form: {
  groups: readonly TicketGroupModel[];
  quantities: Parameters<typeof canSubmitSingle>[1];
  seats: Parameters<typeof canSubmitSingle>[2];
}): boolean {
  return canSubmitSingle(form.groups, form.quantities, form.seats);
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
  /** The form's valid submit: what to reserve. */
  assignRequest: act({
    request: ({ event }) => {
      assertEvent(event, 'form.submitted');
      return event.request;
    },
  }),
  noteLoadError: act({ blocking: ({ context, event }) => errorText(flowErrorOf(event), context) }),
  /** Sold out names the session's time (the core's `noteReserveError` does not). */
  noteReserveError: act({
    messages: ({ context, event }) =>
      withNotice(context.messages, errorNotice(RESERVE_ERROR, errorText(refusedErrorOf(event), context))),
  }),
  /** Sold out: the session and its groups are loaded again, the choice is cleared. */
  clearSelection: act({ session: null, groups: [] }),
};
