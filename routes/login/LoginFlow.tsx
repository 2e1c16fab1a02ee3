/** The login flow (get its actor, select its view model, render the form): in the dialog and on pages. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { LoginFields } from '../../machines/login/types';
import { selectLoginView } from '../../machines/login/view';
import { LoginForm } from '../../ui/login/LoginForm';
import { popstateBack } from '../app/back';
import { sessionOf } from '../app/root';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { loadIdentityProvider, providerSettings } from './provider';
import { loginInputFrom, provideLogin } from './wiring';

export interface LoginFlowProps {
  /** The form's accessible name. */
  label: string;
  prefill?: Partial<LoginFields> | null;
  identify?: boolean;
  callback?: boolean;
  /** The path to come back to after an identity-provider login (default: where the visitor is). */
  returnPath?: string;
  /** The member is logged in and reloaded (the dialog closes; the callback goes to the saved path). */
  onFinished?: (params: { returnPath: string; callback: boolean }) => void;
  /** Leaving for another page (set email): the dialog closes. */
  onLeave?: () => void;
}

const here = (base: string) => {
  const path = window.location.pathname.startsWith(base)
    ? window.location.pathname.slice(base.length) || '/'
    : '/';
  return `${path}${window.location.search}`;
};

export function LoginFlow(props: LoginFlowProps) {
  const { api, config, strings, app, clock, inspect } = useServices();
  const { href, navigate, base } = useAppNavigate();
  // The flow's implementations are fixed for the life of the form; they read the latest props when they act.
  const latest = useRef(props);
  latest.current = props;
  const machine = useMemo(
    () =>
      provideLogin({
        api,
        provider: () =>
          loadIdentityProvider(providerSettings(config.login, window.location.origin, config.slug)),
        callbackUrl: () => window.location.href,
        memberLoggedIn: (session) => sessionOf(app).send({ type: 'session.loggedIn', session }),
        finished: (params) => latest.current.onFinished?.(params),
        goSetEmail: () => {
          latest.current.onLeave?.();
          navigate('/user/set-email-address');
        },
        // Spec 3 §4: an invalid identity-provider state goes back (the page before the login); with nothing to go
        // back to (the callback opened alone), home.
        goBack: () =>
          void popstateBack({ history: window.history, events: window }).then((went) => {
            if (!went) navigate('/', { replace: true });
          }),
        openExternalLogin: () => {
          const url = config.login?.externalLoginUrl;
          if (url) window.location.assign(url);
        },
      }),
    [api, config, app, navigate],
  );
  const actor = useActorRef(machine, {
    input: loginInputFrom(config.login, {
      cookiesEnabled: navigator.cookieEnabled,
      prefill: props.prefill ?? null,
      identify: props.identify ?? false,
      callback: props.callback ?? false,
      returnPath: props.returnPath ?? here(base),
    }),
    clock,
    ...(inspect ? { inspect } : {}),
  });
  const view = useSelector(actor, selectLoginView);
  return (
    <LoginForm
      strings={strings}
      label={props.label}
      {...view}
      forgotPasswordHref={href('/user/forgot-password')}
      forgotMembershipHref={href('/user/forgot-membership')}
      onNavigate={(target) => {
        props.onLeave?.();
        navigate(target);
      }}
      onChange={(field, value) => actor.send({ type: 'login.change', field, value })}
      onSubmit={() => actor.send({ type: 'login.submit' })}
    />
  );
}
