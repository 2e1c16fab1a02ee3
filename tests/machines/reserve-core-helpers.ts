/**
 * The reserve core's child (`reserveIntoCart`) with a scripted post, for the reserve flows' tests: each call
 * is recorded as the flow's tickets request (a membership request here fails the test), then answered.
 */
import { type AnyActorRef, type EventObject, fromPromise } from 'xstate';
import type { CartModel, ReserveRequest, SessionModel, TicketGroupModel } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import type { TicketFormChildContext } from '../../machines/reserve/core/ticket-form';
import { ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { days, sessionsByDate } from '../../stories/fixtures/dateFirstReserve';

export interface TicketsPost {
  newCart: boolean;
  request: ReserveRequest;
}

export function postTickets(record: (post: TicketsPost) => void, answer: () => Promise<CartModel>) {
  return reserveIntoCartWith(async (input) => {
    if (input.request.kind !== 'tickets')
      throw new Error(`expected a tickets reserve, got ${input.request.kind}`);
    record({ newCart: input.newCart, request: input.request.tickets });
    return answer();
  });
}

/**
 * The date-first machine on the story's days and sessions (no preset session found), its session loading
 * `groups` and its reserve posted by `reserveIntoCart`: the reserve-core tests' one setup of the form.
 */
export function dateFirstOnFixtures(
  groups: readonly TicketGroupModel[],
  reserveIntoCart: ReturnType<typeof postTickets>,
) {
  return dateFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async () => days),
      loadSessions: fromPromise(async ({ input }) => sessionsByDate[input.date] ?? []),
      findSession: fromPromise<SessionModel | null, { eventId: string; sessionId: string }>(async () => null),
      loadSessionGroups: fromPromise(async () => [...groups]),
      reserveIntoCart,
    },
  });
}

/** The form's events (`ticketForm`'s): where a flow's form is its child, they go to the child. */
const FORM_EVENTS: ReadonlySet<string> = new Set(ticketFormMachine.root.events);

/** The form child of a flow that has one (single event), else undefined. */
function formChildOf(actor: AnyActorRef): AnyActorRef | undefined {
  const children = actor.getSnapshot().children as Record<string, AnyActorRef | undefined> | undefined;
  return children?.ticketForm;
}

/**
 * Sends an event as the flow's view does: a form event to the flow's form child when it has one (single
 * event, quantity first, date first: their views send them there), anything else (and every event of the other flows) to the flow.
 */
export function sendAsTheView<T extends EventObject>(actor: AnyActorRef, event: T): void {
  const form = formChildOf(actor);
  if (form && FORM_EVENTS.has(event.type)) form.send(event);
  else actor.send(event);
}

/** What the form holds: the form child's context where the flow has one, else the flow's. */
export function formContextOf(actor: AnyActorRef): TicketFormChildContext {
  return (formChildOf(actor) ?? actor).getSnapshot().context;
}
