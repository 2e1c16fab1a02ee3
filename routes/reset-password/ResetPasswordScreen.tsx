import '../../ui/account/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Redirect, useSearch } from 'wouter';
import { passwordResetCallbacks, selectPasswordResetView } from '../../machines/passwordReset/view';
import { PasswordResetView } from '../../ui/account/PasswordResetView';
import { useMember } from '../account/member';
import { useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { providePasswordReset, tokenFrom } from './wiring';

/** /user/reset-password?token=…; logged-in members go to /. */
export default function ResetPasswordScreen() {
  const member = useMember();
  const token = tokenFrom(useSearch());
  if (member) return <Redirect to="/" replace />;
  return <ResetPasswordFlow key={token ?? ''} token={token} />;
}

function ResetPasswordFlow({ token }: { token: string | null }) {
  const { api, strings, config, inspect } = useServices();
  const { href, navigate } = useAppNavigate();
  const login = useModal('login');
  const machine = useMemo(() => providePasswordReset({ api }), [api]);
  const actor = useActorRef(machine, { input: { token }, inspect });
  const view = useSelector(actor, selectPasswordResetView);
  const title =
    view.stage === 'updated'
      ? strings.passwordUpdated
      : view.stage === 'invalidLink'
        ? strings.invalidResetLink
        : strings.createNewPassword;
  useEffect(() => {
    document.title = `${title} — ${config.sellerName}`;
  }, [title, config.sellerName]);
  return (
    <PasswordResetView
      strings={strings}
      stage={view.stage}
      email={view.email}
      password={view.password}
      confirm={view.confirm}
      maxLength={view.maxLength}
      requirements={view.requirements}
      passwordError={view.fieldErrors.password ?? null}
      confirmError={view.fieldErrors.confirm ?? null}
      formError={view.formError}
      errorVersion={view.errorVersion}
      submitting={view.submitting}
      forgotPasswordHref={href('/user/forgot-password')}
      onNavigate={navigate}
      {...passwordResetCallbacks(actor.send)}
      onLogin={login.open}
    />
  );
}
