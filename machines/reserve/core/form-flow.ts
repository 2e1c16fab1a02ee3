/**
 * What every reserve flow whose form is the `ticketForm` child names in its `setup` (issue 17): the child and
 * the reserve core as actors, the guards that read the reserve's answer and the request the form submitted,
 * and the actions that note the answer and tell the form (`tellForm`). Implementations only: each flow's
 * config stays one literal, so Stately's extractor reads the whole graph.
 */
import { type AnyActorRef, type EventObject, sendTo } from 'xstate';
import { dayPickerActions, reserveCoreActions } from './actions';
import { dayPickerGuards, formRequestGuards, reserveCoreGuards } from './guards';
import { reserveIntoCartMachine } from './reserveIntoCart.machine';
import { formRefusal } from './ticket-form';
import { ticketFormChild } from './ticketForm.machine';
import type { DayPickerContext, ReserveCoreContext } from './types';

/** The reserve core (`reserving`) and the form child (invoked at the root as `ticketForm`). */
export const formFlowActors = { reserveIntoCart: reserveIntoCartMachine, ticketForm: ticketFormChild };

export const formFlowGuards = { ...reserveCoreGuards, ...formRequestGuards };

/** A flow that picks a day and a session before the form: the picker's guards too. */
export const dayPickerFlowGuards = { ...formFlowGuards, ...dayPickerGuards };

/** Sends the form child (`ticketForm`) an event, or what `toForm` makes of the flow's context and event. */
export function tellForm<
  TContext extends object,
  TEvent extends EventObject,
  TFormEvent extends EventObject = EventObject,
>(toForm: TFormEvent | ((args: { context: TContext; event: TEvent }) => TFormEvent)) {
  return sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>('ticketForm', toForm);
}

/** The reserve core's actions, and `refuseForm`: the reserve was refused or failed, the form is back as it was. */
export function formFlowActions<TContext extends ReserveCoreContext, TEvent extends EventObject>() {
  return { ...reserveCoreActions<TContext, TEvent>(), refuseForm: tellForm<TContext, TEvent>(formRefusal) };
}

/** `formFlowActions` and the day picker's (days, load errors, the sold-out session notice). */
export function dayPickerFlowActions<TContext extends DayPickerContext, TEvent extends EventObject>() {
  return { ...formFlowActions<TContext, TEvent>(), ...dayPickerActions<TContext, TEvent>() };
}
