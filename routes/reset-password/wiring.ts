/** Wiring of reset password (spec 3 §7): `POST password_reset/validate`, then `POST password_reset/reset`. */

import type { Api } from '../../api';
import { passwordResetMachine } from '../../machines/passwordReset/passwordReset.machine';
import { fromPromise } from '../actors';

/** The `token` query parameter of the reset link, or null. */
export const tokenFrom = (search: string): string | null => new URLSearchParams(search).get('token');

export function providePasswordReset({ api }: { api: Pick<Api, 'members'> }) {
  return passwordResetMachine.provide({
    actors: {
      validateToken: fromPromise(({ input, signal }) =>
        api.members.validateResetToken(input.token, { signal }),
      ),
      resetPassword: fromPromise(({ input, signal }) =>
        api.members.resetPassword(input.token, input.password, { signal }),
      ),
    },
  });
}
