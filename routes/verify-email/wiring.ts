/** Wiring of verify email address (issue 18): `POST user/verify_email` with the link's token. */

import type { Api } from '../../api';
import { verifyEmailMachine } from '../../machines/verifyEmail/verifyEmail.machine';
import { fromPromise } from '../actors';

/** The `token` query parameter of the verification link, or null. */
export const tokenFrom = (search: string): string | null => new URLSearchParams(search).get('token');

export interface VerifyEmailWiring {
  api: Pick<Api, 'members'>;
  /** After success: a logged-in member is reloaded (their email may have changed). */
  verified: () => void;
}

export function provideVerifyEmail({ api, verified }: VerifyEmailWiring) {
  return verifyEmailMachine.provide({
    actors: {
      verifyToken: fromPromise(({ input, signal }) => api.members.verifyEmail(input.token, { signal })),
    },
    actions: { verified },
  });
}
