/**
 * Wiring of the single-event form and the one-ticket-only picker (their layouts' chunks import it, not the
 * event page's first load). The reserve reads the app cart's id when it runs; a `newCart` reserve creates one.
 */

import type { Api, CartModel, TicketGroupModel } from '../../api';
import { oneTicketReserveMachine } from '../../machines/reserve/oneTicketReserve.machine';
import { DONATION_HANDLER, isDonationGroup } from '../../machines/reserve/oneTicketReserve.rules';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { fromPromise } from '../actors';
import { provideReserveCore, type ReserveCoreWiring } from './reserve-core';

export interface FormWiring {
  api: Pick<Api, 'events' | 'cart' | 'ticketGroups' | 'membership'>;
  /** The app cart's current id, read at the moment of the call. */
  currentCartId: () => string | null;
  /** The shared after-reserve step (routes/event/useReserved). */
  reserved: (cart: CartModel) => void;
  /** A member's remaining quantity folded into the session's groups (none for visitors). */
  memberLimits?: (
    eventId: string,
    groups: TicketGroupModel[],
    signal: AbortSignal,
  ) => Promise<TicketGroupModel[]>;
  /** A member is logged in: their session groups (members-only ones, member prices) are read uncached. */
  isMember?: () => boolean;
  /** The reserve core's 'code required' prompt on the modal stack (routes/event/reserve-core.ts). */
  codePrompt?: ReserveCoreWiring['codePrompt'];
}

export function provideSingleEventReserve({
  api,
  currentCartId,
  reserved,
  memberLimits,
  isMember,
  codePrompt,
}: FormWiring) {
  return singleEventReserveMachine.provide({
    actors: {
      loadSession: fromPromise(({ input, signal }) => api.events.firstSession(input.eventId, { signal })),
      // The same member-aware read as the date-first form (routes/event/wiring.ts).
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

/** Donation groups are loaded again with GET ticket_group/{id}?handler=donation; ledger groups are kept. */
export function loadOneTicketGroups(
  api: Pick<Api, 'ticketGroups'>,
  groups: readonly TicketGroupModel[],
  signal: AbortSignal,
): Promise<TicketGroupModel[]> {
  return Promise.all(
    groups.map((group) =>
      isDonationGroup(group) ? api.ticketGroups.get(group.id, { handler: DONATION_HANDLER, signal }) : group,
    ),
  );
}

export function provideOneTicketReserve({ api, currentCartId, reserved, codePrompt }: FormWiring) {
  return oneTicketReserveMachine.provide({
    actors: {
      loadGroups: fromPromise(({ input, signal }) => loadOneTicketGroups(api, input.groups, signal)),
      reserveIntoCart: provideReserveCore({ api, currentCartId, codePrompt }),
    },
    actions: { reserved: ({ context }) => context.cart && reserved(context.cart) },
  });
}
