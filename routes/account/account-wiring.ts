/**
 * Wiring of register and edit profile (issue 26, machines/account): the seller's custom identity fields (cached
 * GET config, key `identity_form`) and, for a profile, the account (GET my/user: names, identity meta) to
 * prefill; the save is POST user (register) or PUT my/user (profile: the identity form's own call, spec 3 §7,
 * with the same body as POST user: PATCH my/user/{id} changes only the email and names); a new account then
 * logs in with the credentials just typed (POST login: the server opens no session on POST user) and the session
 * gets the member (GET my/user, GET my/membership); a saved profile asks the session to reload the member.
 */
import type { Api } from '../../api';
import { accountMachine } from '../../machines/account/account.machine';
import type { LoadAccountOutput } from '../../machines/account/types';
import type { MemberSession } from '../../machines/session/types';
import { fromPromise } from '../actors';
import { loadMember } from '../app/session-calls';

export interface AccountWiring {
  api: Pick<Api, 'members'>;
  /** Hands the logged-in member to the app's session. */
  memberLoggedIn: (session: MemberSession) => void;
  /** The session reloads the member (their names and details changed). */
  reload: () => void;
  /** Where a new member goes once logged in. */
  next: () => void;
}

export async function loadAccount(
  { api }: AccountWiring,
  mode: 'register' | 'profile',
  signal: AbortSignal,
): Promise<LoadAccountOutput> {
  const [form, member] = await Promise.all([
    api.members.accountForm({ signal }),
    mode === 'profile' ? api.members.getUser({ signal }) : Promise.resolve(null),
  ]);
  return {
    form,
    member: member && {
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      meta: member.meta,
    },
  };
}

export function provideAccount(wiring: AccountWiring) {
  const { api } = wiring;
  return accountMachine.provide({
    actors: {
      loadAccount: fromPromise(({ input, signal }) => loadAccount(wiring, input.mode, signal)),
      saveAccount: fromPromise(({ input, signal }) =>
        input.mode === 'register'
          ? api.members.createUser(input.user, { signal })
          : api.members.saveMyUser(input.user, { signal }),
      ),
      logIn: fromPromise(async ({ input, signal }) => {
        await api.members.login({ mode: 'password', ...input }, { signal });
        wiring.memberLoggedIn({ ...(await loadMember(api, signal)), via: 'credentials' });
      }),
    },
    actions: {
      continue: () => wiring.next(),
      reloadMember: () => wiring.reload(),
    },
  });
}
