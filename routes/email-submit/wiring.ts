/**
 * Wiring of the email-submit pages (spec 3 §7): resend tickets (`POST ticket_order/resend` for a guest,
 * `POST my/ticket_order/resend` for a logged-in member, read when sending), forgot membership
 * (`POST membership/forgot`), forgot password (`POST password_reset/request`).
 */

import type { Api } from '../../api';
import { emailSubmitMachine } from '../../machines/emailSubmit/emailSubmit.machine';
import type { SubmitEmailInput } from '../../machines/emailSubmit/types';
import { fromPromise } from '../actors';

export interface EmailSubmitWiring {
  api: Pick<Api, 'members'>;
  /** Whether a member is logged in now. */
  loggedIn: () => boolean;
}

export function submitEmail(
  { api, loggedIn }: EmailSubmitWiring,
  { kind, email }: SubmitEmailInput,
  signal: AbortSignal,
): Promise<void> {
  switch (kind) {
    case 'resend':
      return loggedIn()
        ? api.members.resendMyTickets({ signal })
        : api.members.resendTickets(email, { signal });
    case 'forgotMembership':
      return api.members.forgotMembership(email, { signal });
    case 'forgotPassword':
      return api.members.requestPasswordReset(email, { signal });
  }
}

export function provideEmailSubmit(wiring: EmailSubmitWiring) {
  return emailSubmitMachine.provide({
    actors: {
      submitEmail: fromPromise(({ input, signal }) => submitEmail(wiring, input, signal)),
    },
  });
}
