/**
 * The ticket form as one child machine (issue 17; DESIGN.md "Reserve core"; spec 1 §2 "Date-first reserve
 * screen", §4 "Quantities" and the submit rules, §5 quantity, seat, attendee, survey, flexible-price and
 * city-pass rules): the quantities, seats, attendee fields, survey answers, flexible amounts and city-pass
 * vouchers of the groups its parent gives it, with their checked flags and the server's voucher refusal.
 *
 * opening: a form with groups opens (editing); one without (the parent's groups not loaded yet, or gone with a
 * sold-out session) stays closed, ignoring every edit, until the parent gives it groups.
 * editing --submit (every rule holds)--> submitted, telling the parent `form.submitted` with the reserve's
 * request; --submit (the tickets hold, a field rule does not)--> the fields show their problems.
 * editing --quantities.confirm (quantity-first's 'Find tickets': the quantities and amounts hold)--> tells the
 * parent `form.quantities`; (the quantities hold, an amount does not)--> the amounts show their problem.
 * submitted --form.refused--> editing, the form as it was (a refused voucher beside its field, taken seats
 * dropped). Any state --form.reset (new groups)--> opening again, with the new groups and quantities;
 * --form.session--> the session its tickets are for (another one drops the seats), the rest kept.
 *
 * It tells its parent through the injected actions `submitted` (with `context.request`) and
 * `quantitiesConfirmed`, which `ticketFormChild` provides as `sendParent`: the form stays alive while the parent reserves (a refused reserve
 * comes back to the form as it was), so it has no output to answer with as `reserveIntoCart` does; the
 * parent's config names the `form.submitted` it takes (an `emit` reaches listeners outside the machines, not
 * its parent's config). Injected like `reserved` and `openCodePrompt`, it runs standalone (the story viewer,
 * the pure table steps) with nobody to tell. The config holds no inline functions: the implementations are
 * named in `setup`.
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import { isSelectionValid, quantitiesAfter } from '../quantities';
import { seatsMatch, withoutTakenSeats } from '../seats';
import { ticketFormActions } from './actions';
import { NO_ADMITS } from './admits';
import { noPrices, pricesHold } from './prices';
import { NO_SURVEYS } from './surveys';
import {
  fieldsHold,
  formInStep,
  formReserveInput,
  type TicketFormChildContext,
  type TicketFormChildEvent,
  type TicketFormInput,
  type TicketFormQuantitiesEvent,
  type TicketFormSubmittedEvent,
} from './ticket-form';
import type { ReserveIntoCartInput } from './types';
import { NO_VOUCHERS, voucherRefusalOf } from './vouchers';

/** The form's first context: the input's groups, session and quantities (fields kept in step), nothing typed. */
export function ticketFormContext({ input }: { input: TicketFormInput }): TicketFormChildContext {
  const empty = {
    event: input.event,
    groups: input.groups,
    session: input.session,
    request: null,
    seats: {},
    ...NO_ADMITS,
    ...NO_SURVEYS,
    ...noPrices(input.presetPriceCents ?? null),
    ...NO_VOUCHERS,
  };
  return { ...empty, ...formInStep(empty, input.groups, input.quantities ?? {}) };
}

/** The spec's submit rule on the tickets: at least one, every group within its limits, the seats matching. */
export function ticketsHold(context: TicketFormChildContext): boolean {
  return (
    isSelectionValid(context.groups, context.quantities) &&
    seatsMatch(context.groups, context.quantities, context.seats)
  );
}

/**
 * What the reserve sends for the form: the form's groups, the session (null: flexible or sessionless) and its
 * start (the city passes' visit).
 */
export function formRequestOf(context: TicketFormChildContext): ReserveIntoCartInput {
  const session = context.session;
  return formReserveInput(context, context.groups, session?.id ?? null, session?.start ?? null);
}

/** What the parent is told on a valid submit (`ticketFormChild`'s `submitted`). */
export function submittedEventOf({ context }: { context: TicketFormChildContext }): TicketFormSubmittedEvent {
  return { type: 'form.submitted', request: context.request ?? formRequestOf(context) };
}

/** What the parent is told on a confirmed 'Find tickets' (`ticketFormChild`'s `quantitiesConfirmed`). */
export function quantitiesEventOf({
  context,
}: {
  context: TicketFormChildContext;
}): TicketFormQuantitiesEvent {
  return { type: 'form.quantities', quantities: context.quantities };
}

export const ticketFormMachine = setup({
  types: {
    context: {} as TicketFormChildContext,
    events: {} as TicketFormChildEvent,
    input: {} as TicketFormInput,
  },
  guards: {
    /** The tickets hold, and the attendee, voucher, survey and price rules too. */
    canSubmit: ({ context }) =>
      ticketsHold(context) &&
      fieldsHold(context, context.groups, context.quantities) &&
      pricesHold(context.groups, context.quantities, context),
    /** 'Find tickets' (quantity-first): at least one ticket, every group within its limits, the amounts fit. */
    quantitiesHold: ({ context }) =>
      isSelectionValid(context.groups, context.quantities) &&
      pricesHold(context.groups, context.quantities, context),
    /** The quantities' rule alone: a 'Find tickets' the amounts stop shows the amounts' problems. */
    quantitiesChosen: ({ context }) => isSelectionValid(context.groups, context.quantities),
    /** The parent gave the form groups to offer (else it stays closed). */
    hasGroups: ({ context }) => context.groups.length > 0,
    /** The tickets hold (a submit the field rules stop then shows the fields' problems). */
    ticketsReady: ({ context }) => ticketsHold(context),
    /** The refusal names a voucher the visitor typed (invalid_citypass, code_exhausted): beside its field. */
    isVoucherRefusal: ({ context, event }) => {
      assertEvent(event, 'form.refused');
      return voucherRefusalOf(event.error, context.vouchers) !== null;
    },
  },
  actions: {
    ...ticketFormActions<TicketFormChildContext, TicketFormChildEvent>(),
    /** A stepper's increment, decrement or typed count, through the quantity rules; the fields follow. */
    changeQuantity: assign(({ context, event }) =>
      formInStep(
        context,
        context.groups,
        quantitiesAfter(
          { groups: context.groups, session: context.session, quantities: context.quantities },
          event,
        ),
      ),
    ),
    /**
     * New groups: their quantities (fields kept in step, nothing of the old tickets' checked or refused), no
     * seats; the survey answers and amounts typed stay.
     */
    resetForm: assign(({ context, event }) => {
      assertEvent(event, 'form.reset');
      const emptied = { ...context, ...NO_ADMITS, ...NO_VOUCHERS };
      return {
        groups: event.groups,
        session: event.session,
        request: null,
        seats: {},
        ...NO_ADMITS,
        ...NO_VOUCHERS,
        ...formInStep(emptied, event.groups, event.quantities ?? {}),
      };
    }),
    /** The session the tickets are for: another session's seats are dropped, the rest stays. */
    assignSession: assign(({ context, event }) => {
      assertEvent(event, 'form.session');
      const same = event.session?.id === context.session?.id;
      return { session: event.session, seats: same ? context.seats : {} };
    }),
    clearRequest: assign({ request: null }),
    noteVoucherRefusal: assign({
      voucherRefusal: ({ context, event }) => {
        assertEvent(event, 'form.refused');
        return voucherRefusalOf(event.error, context.vouchers);
      },
    }),
    /** A seat another buyer took first is dropped, so the map, opened again, shows it booked. */
    dropTakenSeats: assign({
      seats: ({ context, event }) => {
        assertEvent(event, 'form.refused');
        return withoutTakenSeats(context.seats, event.error);
      },
    }),
    /** A valid submit: what the reserve sends, kept while the parent reserves. */
    keepRequest: assign({ request: ({ context }) => formRequestOf(context) }),
    /**
     * Injected: tell the parent the form holds, with `context.request` (`ticketFormChild` sends it to the
     * parent; standalone, as in the story viewer, nobody is told).
     */
    submitted: () => {},
    /** Injected: tell the parent the quantities hold (`ticketFormChild` sends `form.quantities`). */
    quantitiesConfirmed: () => {},
  },
}).createMachine({
  id: 'ticketForm',
  description:
    'The ticket form (spec 1): quantities, seats, attendees, surveys, flexible prices and city-pass vouchers of the groups its parent gives it; a valid submit tells the parent what to reserve.',
  context: ticketFormContext,
  initial: 'opening',
  on: {
    'form.reset': { target: '.opening', actions: 'resetForm' },
    'form.session': { actions: 'assignSession' },
  },
  states: {
    opening: {
      description: 'A form with groups opens; without any it stays closed.',
      always: [{ guard: 'hasGroups', target: 'editing' }, { target: 'closed' }],
    },
    closed: {
      description:
        'No groups yet (or none left): the form ignores every edit until the parent gives it some.',
    },
    editing: {
      description:
        'The visitor fills the form; submit tells the parent once every rule holds, else the fields show their problems.',
      on: {
        'quantity.increment': { actions: 'changeQuantity' },
        'quantity.decrement': { actions: 'changeQuantity' },
        'quantity.set': { actions: 'changeQuantity' },
        'seats.set': { actions: 'assignSeats' },
        'admit.change': { actions: 'changeAdmit' },
        'survey.change': { actions: 'changeSurvey' },
        'price.change': { actions: 'changePrice' },
        'voucher.change': { actions: 'changeVoucher' },
        submit: [
          {
            guard: 'canSubmit',
            target: 'submitted',
            actions: ['clearVoucherRefusal', 'keepRequest', 'submitted'],
          },
          { guard: 'ticketsReady', actions: ['checkAdmits', 'checkSurveys', 'checkPrices', 'checkVouchers'] },
        ],
        'quantities.confirm': [
          { guard: 'quantitiesHold', actions: 'quantitiesConfirmed' },
          { guard: 'quantitiesChosen', actions: 'checkPrices' },
        ],
      },
    },
    submitted: {
      description: 'The parent reserves what the form holds; the form waits, as it is, for a refusal.',
      on: {
        'form.refused': [
          { guard: 'isVoucherRefusal', target: 'editing', actions: ['clearRequest', 'noteVoucherRefusal'] },
          { target: 'editing', actions: ['clearRequest', 'dropTakenSeats'] },
        ],
      },
    },
  },
});

export type TicketFormMachine = typeof ticketFormMachine;

/** The form as a parent invokes it: a valid submit is sent to the parent as `form.submitted`. */
export const ticketFormChild = ticketFormMachine.provide({
  actions: { submitted: sendParent(submittedEventOf), quantitiesConfirmed: sendParent(quantitiesEventOf) },
});
