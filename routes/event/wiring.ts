/**
 * Wiring of the event detail screen: the date-first reserve machine with its real implementations. The
 * reserve reads the app cart's id when it runs (never a copy taken at start); a `newCart` reserve creates
 * one. A successful reserve hands the cart to the app cart and goes to checkout.
 */

import type { Api, CartModel, EventDetail, SessionModel, TicketGroupModel } from '../../api';
import { type HeldVisit, markConflicts } from '../../domain/time-conflict';
import { daysInWindow, sessionsInWindow, type VisitWindowBounds } from '../../domain/visit-window';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import type { ReserveQuery } from '../../machines/reserve/dateFirstReserve.types';
import { fromPromise } from '../actors';
import { provideReserveCore, type ReserveCoreWiring } from './reserve-core';

export interface EventWiring {
  api: Pick<Api, 'events' | 'cart' | 'membership'>;
  /** The app cart's current id, read at the moment of the call. */
  currentCartId: () => string | null;
  /** The reserve succeeded: give the cart to the app cart, then navigate on. */
  reserved: (cart: CartModel) => void;
  /** A member's remaining quantity folded into a session's groups (none for visitors). */
  memberLimits?: (
    eventId: string,
    groups: TicketGroupModel[],
    signal: AbortSignal,
  ) => Promise<TicketGroupModel[]>;
  /** A member is logged in (their session groups are read uncached). */
  isMember?: () => boolean;
  /** The reserve core's 'code required' prompt on the modal stack (routes/event/reserve-core.ts). */
  codePrompt?: ReserveCoreWiring['codePrompt'];
  /**
   * Time conflicts (spec 1 §5): the event on show and the visits the cart holds when its sessions load; sessions
   * overlapping one are marked and not offered. Without them nothing is marked.
   */
  conflicts?: { event: ConflictEvent; heldVisits: () => readonly HeldVisit[] };
  /**
   * The upsell chain's visit window when this event is an add-on opened from it (domain/visit-window.ts), read
   * when days and sessions load: only the days it touches and the times starting inside it are offered.
   */
  visitWindow?: () => Promise<VisitWindowBounds | null>;
}

type ConflictEvent = Pick<EventDetail, 'category' | 'meta' | 'config'>;

/** The loaded sessions with those overlapping the cart's visits marked, from the cart as it is now. */
export const withConflicts = <S extends SessionModel>(
  sessions: S[],
  conflicts: EventWiring['conflicts'],
): S[] => (conflicts ? markConflicts(sessions, conflicts.event, conflicts.heldVisits()) : sessions);

/** The calendar days an add-on's visit window touches (all without a window). */
export async function withinVisitDays<D extends { date: string }>(
  days: D[],
  visitWindow: EventWiring['visitWindow'],
): Promise<D[]> {
  const window = visitWindow ? await visitWindow() : null;
  return window ? daysInWindow(days, window) : days;
}

/** The sessions an add-on offers: those starting inside the visit window (all without a window). */
export async function withinVisitTimes<S extends SessionModel>(
  sessions: S[],
  visitWindow: EventWiring['visitWindow'],
): Promise<S[]> {
  const window = visitWindow ? await visitWindow() : null;
  return window ? sessionsInWindow(sessions, window) : sessions;
}

export function provideDateFirstReserve({
  api,
  currentCartId,
  reserved,
  memberLimits,
  isMember,
  codePrompt,
  conflicts,
  visitWindow,
}: EventWiring) {
  return dateFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async ({ input, signal }) =>
        withinVisitDays(
          await api.events.calendar(input.eventId, { ticketGroupIds: input.ticketGroupIds }, { signal }),
          visitWindow,
        ),
      ),
      loadSessions: fromPromise(async ({ input, signal }) =>
        withConflicts(
          await withinVisitTimes(
            await api.events.sessions(input.eventId, { date: input.date }, { signal }),
            visitWindow,
          ),
          conflicts,
        ),
      ),
      findSession: fromPromise(({ input, signal }) =>
        api.events.session(input.eventId, input.sessionId, { signal }),
      ),
      loadSessionGroups: fromPromise(async ({ input, signal }) => {
        const member = isMember?.() ?? false;
        const groups = await api.events.sessionGroups(input.eventId, input.sessionId, { signal, member });
        return memberLimits ? memberLimits(input.eventId, groups, signal) : groups;
      }),
      reserveIntoCart: provideReserveCore({ api, currentCartId, codePrompt }),
    },
    actions: { reserved: ({ context }) => context.cart && reserved(context.cart) },
  });
}

/** Loads the event of `/events/{id}`. */
export const loadEvent = (api: Pick<Api, 'events'>, id: string, signal: AbortSignal) =>
  api.events.get(id, { signal });

/** Query parameters of event detail that are not ticket quantities (spec 1 §2). */
const RESERVED_PARAMS = new Set(['session', 'date', 'reserve', 'tg', 'select', 'price', 'inspect']);

/** The date-first screen's query (session, date, reserve mode, quantities keyed by type id or name). */
export function reserveQueryFrom(search: string): ReserveQuery {
  const params = new URLSearchParams(search);
  const quantities: Record<string, string> = {};
  for (const [key, value] of params) if (!RESERVED_PARAMS.has(key)) quantities[key] = value;
  return {
    session: params.get('session') ?? undefined,
    date: params.get('date') ?? undefined,
    reserve: params.get('reserve') ?? undefined,
    quantities,
  };
}
