/**
 * Wiring of cancel auto-renew (spec 3 §7): `GET ticket_order/{id}` filtered to membership tickets (the
 * order's memberships; the enrolled one if any), whether a member is logged in read when it loads;
 * `DELETE ticket_order/{id}/auto_renew`; then the session reloads the member when logged in (the machine
 * decides), Cancel goes back one step, Done to the membership details (or home for a visitor).
 */

import type { Api } from '../../api';
import type { MembershipDetailModel } from '../../api/membership-models';
import { autoRenewCancelMachine } from '../../machines/autoRenewCancel/autoRenewCancel.machine';
import type { AutoRenewMembership, LoadMembershipOutput } from '../../machines/autoRenewCancel/types';
import { fromPromise } from '../actors';

export interface AutoRenewWiring {
  api: Pick<Api, 'membership'>;
  loggedIn: () => boolean;
  reloadMember: () => void;
  goBack: () => void;
  finish: () => void;
}

/** The membership the page is about: the enrolled one of the order, else its first. */
export function pageMembership(memberships: readonly MembershipDetailModel[]): AutoRenewMembership | null {
  const m = memberships.find((x) => x.autoRenewState === 'scheduled') ?? memberships[0];
  return m ? { levelName: m.levelName, validTo: m.validTo, autoRenewState: m.autoRenewState } : null;
}

export async function loadMembership(
  w: AutoRenewWiring,
  ticketOrderId: string,
  signal: AbortSignal,
): Promise<LoadMembershipOutput> {
  const order = await w.api.membership.order(ticketOrderId, { signal });
  return { membership: pageMembership(order.memberships), loggedIn: w.loggedIn() };
}

export function provideAutoRenewCancel(w: AutoRenewWiring) {
  return autoRenewCancelMachine.provide({
    actors: {
      loadMembership: fromPromise(({ input, signal }) => loadMembership(w, input.ticketOrderId, signal)),
      cancelAutoRenew: fromPromise(({ input, signal }) =>
        w.api.membership.cancelAutoRenew(input.ticketOrderId, { signal }),
      ),
    },
    actions: {
      goBack: () => w.goBack(),
      finish: () => w.finish(),
      reloadMember: () => w.reloadMember(),
    },
  });
}
