/**
 * Named guards the reserve flows share (spread into each flow's `setup({ guards })`: implementations, not
 * config): over the child `reserveIntoCart`'s done event, and over picking a day, then a session.
 */
import { assertEvent, type EventObject } from 'xstate';
import { availableDays, isAvailableDay, isSelectableSession } from '../query';
import { refusalOfEvent, refusedErrorOf, reservedCartOf } from './rules';
import { requestedVouchers } from './ticket-form';
import type { DayPickerContext, DayPickerEvent, ReserveIntoCartInput } from './types';
import { voucherRefusalOf } from './vouchers';

type EventArgs = { event: EventObject };

/**
 * A guard over the part of the context it names and the events it reads (each checked with `assertEvent`),
 * for any flow whose context has that part; a guard sees no more than its context and event.
 */
function partGuard<TPart, TPartEvent extends EventObject>(
  guard: (args: { context: TPart; event: TPartEvent }) => boolean,
) {
  return guard as (args: { context: TPart; event: EventObject }) => boolean;
}

export const reserveCoreGuards = {
  /** The reserve went through. */
  isReserved: ({ event }: EventArgs) => reservedCartOf(event) !== null,
  /** The session sold out between choosing it and reserving. */
  isSessionSoldOut: ({ event }: EventArgs) => refusalOfEvent(event)?.kind === 'sessionSoldOut',
};

/** The guards of a flow whose form is the `ticketForm` child (it keeps the request the form submitted). */
export const formRequestGuards = {
  /** The server refused one voucher the form sent (invalid_citypass, code_exhausted): beside its field. */
  isVoucherRefusal: ({
    context,
    event,
  }: {
    context: { request: ReserveIntoCartInput | null };
    event: EventObject;
  }) => voucherRefusalOf(refusedErrorOf(event), requestedVouchers(context.request)) !== null,
};

export const dayPickerGuards = {
  hasSeveralDays: ({ context }: { context: DayPickerContext }) => availableDays(context.days).length > 1,
  isAvailableDay: partGuard<DayPickerContext, DayPickerEvent>(({ context, event }) => {
    assertEvent(event, 'date.select');
    return isAvailableDay(context.days, event.date);
  }),
  isSelectableSession: partGuard<DayPickerContext, DayPickerEvent>(({ context, event }) => {
    assertEvent(event, 'session.select');
    const session = context.sessions.find((s) => s.id === event.sessionId);
    return session !== undefined && isSelectableSession(session);
  }),
  /** After a sold-out reserve: another session of the day still has capacity. */
  isSoldOutRecoveredBySession: partGuard<DayPickerContext, DayPickerEvent>(({ context, event }) => {
    assertEvent(event, 'xstate.done.actor.loadSessions');
    return (
      context.soldOut !== null &&
      event.output.some((s) => s.id !== context.soldOut?.sessionId && isSelectableSession(s))
    );
  }),
  /** After a sold-out reserve: nothing left that day. */
  isSoldOutOfDay: ({ context }: { context: DayPickerContext }) => context.soldOut !== null,
};
