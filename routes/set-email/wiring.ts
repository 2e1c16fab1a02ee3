/**
 * Wiring of set email address (spec 3 §5, §7): `PATCH my/user/{id}` with the new email, the user id read from
 * the member session when saving (the server mails the new address a confirmation link; the account's email
 * changes when it is opened); then the session reloads the member and the member goes on.
 */

import type { Api } from '../../api';
import { ApiError } from '../../api/errors';
import type { MemberModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { setEmailMachine } from '../../machines/setEmail/setEmail.machine';
import type { SaveEmailOutput } from '../../machines/setEmail/types';
import { fromPromise } from '../actors';

export interface SetEmailWiring {
  api: Pick<Api, 'members'>;
  /** The logged-in member now (null: nobody, the save is refused as the server would). */
  member: () => MemberModel | null;
  /** The session reloads the member (their email changed). */
  reload: () => void;
  /** Where the member goes after saving. */
  next: () => void;
}

export async function saveEmail(
  { api, member }: SetEmailWiring,
  email: string,
  signal: AbortSignal,
): Promise<SaveEmailOutput> {
  const current = member();
  if (!current) throw new ApiError({ code: ErrorCode.login_required, status: 401 });
  const updated = await api.members.updateUser(current.userId, { email }, { signal });
  return { email: updated.email };
}

export function provideSetEmail(wiring: SetEmailWiring) {
  return setEmailMachine.provide({
    actors: {
      saveEmail: fromPromise(({ input, signal }) => saveEmail(wiring, input.email, signal)),
    },
    actions: {
      continue: () => {
        wiring.reload();
        wiring.next();
      },
    },
  });
}
