/**
 * Named actions the reserve flows share (DESIGN.md "Reserve core"): each flow spreads the groups it needs into
 * its `setup({ actions })` and names them in its config, so an implementation is written once and every
 * config stays one literal.
 *
 * A group is a function of the flow's context and event types (`reserveCoreActions<Context, Event>()`): the
 * bound `TContext extends ...` checks that the flow's context has the part the actions touch.
 */
import {
  type ActionArgs,
  type Assigner,
  assertEvent,
  assign,
  type EventObject,
  type MachineContext,
  type PropertyAssigner,
} from 'xstate';
import { message } from '../../shared/messages';
import { type AdmitChangeEvent, type AdmitsContext, admitsAfterChange } from './admits';
import { type PriceChangeEvent, type PricesContext, pricesAfterChange } from './prices';
import {
  errorNotice,
  flowErrorOf,
  noticesAfterDismiss,
  RESERVE_ERROR,
  RESERVE_NOTICE_KEYS,
  refusedErrorOf,
  reservedCartOf,
  reserveErrorText,
  withNotice,
  withoutNotices,
} from './rules';
import { sessionSoldOutNotice } from './sold-out';
import { type SurveyChangeEvent, type SurveysContext, surveysAfterChange } from './surveys';
import type {
  BlockingContext,
  CartContext,
  DayPickerContext,
  DayPickerEvent,
  ReserveCoreContext,
  SeatsContext,
  SeatsSetEvent,
} from './types';
import { type VoucherChangeEvent, type VouchersContext, vouchersAfterChange } from './vouchers';

/** The notice of a failed load of the day's sessions or a session's groups. */
export const LOAD_NOTICE = 'load.error';

/**
 * `assign` typed by one flow's context and events, for the named actions a flow writes in a module of its
 * own and spreads into its `setup` (there `setup` cannot infer the types).
 */
export function flowAssign<TContext extends MachineContext, TEvent extends EventObject>() {
  return (
    assignment:
      | Assigner<TContext, TEvent, undefined, TEvent, never>
      | PropertyAssigner<TContext, TEvent, undefined, TEvent, never>,
  ) => assign<TContext, TEvent, undefined, TEvent, never>(assignment);
}

/**
 * An assign over the part of the context it names (and the events it reads, each checked with `assertEvent`),
 * for any flow whose context has that part. XState types an action by the whole machine it runs in (its
 * `self`), so the one widening from the part to the flow's own context and events is here. The bound checks
 * what an action reads; what it writes must have the same type in every flow (so none writes `sessions`:
 * quantity-first's are priced).
 */
function partAssign<TPart extends MachineContext, TPartEvent extends EventObject = EventObject>(
  assigner: (args: { context: TPart; event: TPartEvent }) => Partial<TPart>,
) {
  return <TContext extends TPart, TEvent extends EventObject>() =>
    assign<TContext, TEvent, undefined, TEvent, never>(
      assigner as unknown as (args: ActionArgs<TContext, TEvent, TEvent>) => Partial<TContext>,
    );
}

// ---- every flow ---------------------------------------------------------------------------------------

const assignCart = partAssign<CartContext>(({ event }) => ({ cart: reservedCartOf(event) }));
const dismissMessage = partAssign<ReserveCoreContext>(({ context, event }) => ({
  messages: noticesAfterDismiss(context.messages, event),
}));
const clearReserveNotices = partAssign<ReserveCoreContext>(({ context }) => ({
  messages: withoutNotices(context.messages, RESERVE_NOTICE_KEYS),
}));
const noteReserveError = partAssign<ReserveCoreContext>(({ context, event }) => ({
  messages: withNotice(context.messages, errorNotice(RESERVE_ERROR, reserveErrorText(refusedErrorOf(event)))),
}));

/**
 * The actions of every flow that puts something in the cart (the ticket flows, membership purchase and gift
 * redeem): `assignCart` keeps the child's cart, and `reserved` is injected by the route (the app cart takes
 * `context.cart`, and the flow goes on).
 */
export function reservedActions<TContext extends CartContext, TEvent extends EventObject>() {
  return {
    /** Injected: tell the app's cart about the reservation (`context.cart`) and go on. */
    reserved: () => {},
    assignCart: assignCart<TContext, TEvent>(),
  };
}

/**
 * Every ticket reserve flow's actions: `reservedActions`, and its notices: `dismissMessage`,
 * `clearReserveNotices` (on submit) and `noteReserveError` (the refusal's message).
 */
export function reserveCoreActions<TContext extends ReserveCoreContext, TEvent extends EventObject>() {
  return {
    ...reservedActions<TContext, TEvent>(),
    dismissMessage: dismissMessage<TContext, TEvent>(),
    clearReserveNotices: clearReserveNotices<TContext, TEvent>(),
    noteReserveError: noteReserveError<TContext, TEvent>(),
  };
}

// ---- seats --------------------------------------------------------------------------------------------

const assignSeats = partAssign<SeatsContext, SeatsSetEvent>(({ event }) => {
  assertEvent(event, 'seats.set');
  return { seats: event.seats };
});
/**
 * The seat map's confirmed seats (`assignSeats`). A seat another buyer took first is dropped by the form child
 * (`dropTakenSeats` in ticketForm.machine.ts, on the parent's `form.refused`).
 */
export function seatActions<TContext extends SeatsContext, TEvent extends EventObject>() {
  return { assignSeats: assignSeats<TContext, TEvent>() };
}

// ---- attendee details --------------------------------------------------------------------------------

const changeAdmit = partAssign<AdmitsContext, AdmitChangeEvent>(({ context, event }) => {
  assertEvent(event, 'admit.change');
  return { admits: admitsAfterChange(context.admits, event) };
});
const checkAdmits = partAssign<AdmitsContext>(() => ({ admitsChecked: true }));

/**
 * The attendee fields (core/admits.ts): `changeAdmit` keeps what the visitor typed, `checkAdmits` marks a
 * submit the attendee rule stopped, so the fields show their problems. Each flow keeps `admits` in step with
 * its quantities (`admitsInStep`) where it changes them.
 */
export function admitActions<TContext extends AdmitsContext, TEvent extends EventObject>() {
  return { changeAdmit: changeAdmit<TContext, TEvent>(), checkAdmits: checkAdmits<TContext, TEvent>() };
}

// ---- surveys per ticket group -----------------------------------------------------------------------

const changeSurvey = partAssign<SurveysContext, SurveyChangeEvent>(({ context, event }) => {
  assertEvent(event, 'survey.change');
  return { surveys: surveysAfterChange(context.surveys, event) };
});
const checkSurveys = partAssign<SurveysContext>(() => ({ surveysChecked: true }));

/**
 * The survey questions (core/surveys.ts): `changeSurvey` keeps what the visitor answered, `checkSurveys`
 * marks a submit the survey rule stopped, so the questions show their problems.
 */
export function surveyActions<TContext extends SurveysContext, TEvent extends EventObject>() {
  return { changeSurvey: changeSurvey<TContext, TEvent>(), checkSurveys: checkSurveys<TContext, TEvent>() };
}

// ---- flexible prices ------------------------------------------------------------------------------------

const changePrice = partAssign<PricesContext, PriceChangeEvent>(({ context, event }) => {
  assertEvent(event, 'price.change');
  return { prices: pricesAfterChange(context.prices, event) };
});
const checkPrices = partAssign<PricesContext>(() => ({ pricesChecked: true }));

/**
 * The flexible price inputs (core/prices.ts): `changePrice` keeps what the visitor typed, `checkPrices` marks
 * a submit the price rule stopped, so the inputs show 'Value entered is outside min/max.'.
 */
export function priceActions<TContext extends PricesContext, TEvent extends EventObject>() {
  return { changePrice: changePrice<TContext, TEvent>(), checkPrices: checkPrices<TContext, TEvent>() };
}

// ---- city-pass vouchers ------------------------------------------------------------------------------

const changeVoucher = partAssign<VouchersContext, VoucherChangeEvent>(({ context, event }) => {
  assertEvent(event, 'voucher.change');
  return { vouchers: vouchersAfterChange(context.vouchers, event), voucherRefusal: null };
});
const checkVouchers = partAssign<VouchersContext>(() => ({ vouchersChecked: true }));
const clearVoucherRefusal = partAssign<VouchersContext>(() => ({ voucherRefusal: null }));

/**
 * The city-pass voucher fields (core/vouchers.ts): `changeVoucher` keeps what the visitor typed (the server's
 * refusal of the last voucher is then over), `checkVouchers` marks a submit the voucher rule stopped, so the
 * fields show their problems, and `clearVoucherRefusal` drops the server's refusal of a typed voucher on
 * submit (the form child keeps one, `noteVoucherRefusal` in ticketForm.machine.ts: invalid_citypass and
 * code_exhausted are shown beside the field, spec 1 §8). Each flow keeps `vouchers` in step with its quantities
 * (`vouchersInStep`) where it changes them.
 */
export function voucherActions<TContext extends VouchersContext, TEvent extends EventObject>() {
  return {
    changeVoucher: changeVoucher<TContext, TEvent>(),
    checkVouchers: checkVouchers<TContext, TEvent>(),
    clearVoucherRefusal: clearVoucherRefusal<TContext, TEvent>(),
  };
}

// ---- the ticket form --------------------------------------------------------------------------------------

/**
 * Everything a ticket form takes besides the quantities (which each flow steps through its own quantity
 * scope): the seats, the attendee fields, the survey questions, the flexible prices and the city-pass vouchers,
 * each concern's `change…` and `check…` actions (and the seat and voucher refusals of a reserve). One bundle,
 * so a variant names the form's concerns once in its `setup` (the variants' configs name the actions).
 */
export function ticketFormActions<
  TContext extends SeatsContext & AdmitsContext & SurveysContext & PricesContext & VouchersContext,
  TEvent extends EventObject,
>() {
  return {
    ...seatActions<TContext, TEvent>(),
    ...admitActions<TContext, TEvent>(),
    ...surveyActions<TContext, TEvent>(),
    ...priceActions<TContext, TEvent>(),
    ...voucherActions<TContext, TEvent>(),
  };
}

// ---- a load that blocks the form ----------------------------------------------------------------------

const noteUnavailable = partAssign<BlockingContext>(() => ({ blocking: message('eventUnavailable') }));
const clearBlocking = partAssign<BlockingContext>(() => ({ blocking: null }));

/** Nothing on sale (`noteUnavailable`), and `clearBlocking` on retry. */
export function blockingActions<TContext extends BlockingContext, TEvent extends EventObject>() {
  return {
    noteUnavailable: noteUnavailable<TContext, TEvent>(),
    clearBlocking: clearBlocking<TContext, TEvent>(),
  };
}

// ---- picking a day, then a session --------------------------------------------------------------------

const assignDays = partAssign<DayPickerContext, DayPickerEvent>(({ event }) => {
  assertEvent(event, 'xstate.done.actor.loadCalendar');
  return { days: event.output };
});
const noteLoadError = partAssign<ReserveCoreContext>(({ context, event }) => ({
  messages: withNotice(context.messages, errorNotice(LOAD_NOTICE, reserveErrorText(flowErrorOf(event)))),
}));
const clearLoadError = partAssign<ReserveCoreContext>(({ context }) => ({
  messages: withoutNotices(context.messages, [LOAD_NOTICE]),
}));
const noteSessionSoldOut = partAssign<DayPickerContext>(({ context }) => ({
  soldOut: null,
  messages: withNotice(context.messages, sessionSoldOutNotice(context.soldOut, context.event.venue.timezone)),
}));

/**
 * The calendar's days (`assignDays`), a failed load of sessions or groups (`noteLoadError`, `clearLoadError`
 * on retry) and, after a sold-out reserve, 'the session is sold out' once another session of the day remains
 * (`noteSessionSoldOut`).
 */
export function dayPickerActions<TContext extends DayPickerContext, TEvent extends EventObject>() {
  return {
    assignDays: assignDays<TContext, TEvent>(),
    noteLoadError: noteLoadError<TContext, TEvent>(),
    clearLoadError: clearLoadError<TContext, TEvent>(),
    noteSessionSoldOut: noteSessionSoldOut<TContext, TEvent>(),
  };
}
