/**
 * Wiring of the login flow: POST login, the password-reset request, the member reload, the identity-provider
 * port (loaded on demand), and what the route does when the flow ends (hand the member to the app's session,
 * close the dialog or go to the saved path, go to set-email).
 */

import type { Api } from '../../api';
import type { RuntimeLoginConfig } from '../../api/schemas';
import { loginMachine } from '../../machines/login/login.machine';
import type { LoginFields, LoginInput } from '../../machines/login/types';
import type { MemberSession } from '../../machines/session/types';
import { fromPromise } from '../actors';
import { loadMember } from '../app/session-calls';
import type { IdentityProvider } from './provider';

export interface LoginWiring {
  api: Pick<Api, 'members'>;
  /** The identity-provider port, loaded on demand. */
  provider: () => Promise<IdentityProvider>;
  /** The address the provider sent the visitor back to (the callback route's URL). */
  callbackUrl: () => string;
  memberLoggedIn: (session: MemberSession) => void;
  finished: (params: { returnPath: string; callback: boolean }) => void;
  goSetEmail: () => void;
  goBack: () => void;
  openExternalLogin: () => void;
}

export function provideLogin(w: LoginWiring) {
  return loginMachine.provide({
    actors: {
      login: fromPromise(({ input, signal }) => w.api.members.login(input, { signal })),
      requestPasswordReset: fromPromise(({ input, signal }) =>
        w.api.members.requestPasswordReset(input.email, { signal }),
      ),
      loadMember: fromPromise(({ signal }) => loadMember(w.api, signal)),
      startProviderLogin: fromPromise(async ({ input }) => (await w.provider()).signIn(input.returnPath)),
      completeProviderLogin: fromPromise(async () => (await w.provider()).completeSignIn(w.callbackUrl())),
    },
    actions: {
      memberLoggedIn: (_, params) => w.memberLoggedIn(params.session),
      finished: (_, params) => w.finished(params),
      goSetEmail: () => w.goSetEmail(),
      goBack: () => w.goBack(),
      openExternalLogin: () => w.openExternalLogin(),
    },
  });
}

/** The login flow's input from the seller's configuration and how the flow was opened. */
export function loginInputFrom(
  login: RuntimeLoginConfig | undefined,
  options: {
    cookiesEnabled: boolean;
    prefill?: Partial<LoginFields> | null;
    identify?: boolean;
    callback?: boolean;
    returnPath: string;
  },
): LoginInput {
  return {
    method: login?.method ?? 'none',
    invalidCredentialsMessage: login?.invalidCredentialsMessage ?? null,
    cookiesEnabled: options.cookiesEnabled,
    prefill: options.prefill ?? null,
    identify: options.identify ?? false,
    callback: options.callback ?? false,
    returnPath: options.returnPath,
  };
}
