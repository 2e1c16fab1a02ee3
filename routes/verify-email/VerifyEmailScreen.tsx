import '../../ui/account/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { selectVerifyEmailView } from '../../machines/verifyEmail/view';
import { VerifyEmailView } from '../../ui/account/VerifyEmailView';
import { currentMember, reloadMember } from '../account/member';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { provideVerifyEmail, tokenFrom } from './wiring';

/** /user/verify-email?token=…: the link of an email verification or change; logged in or not. */
export default function VerifyEmailScreen() {
  const token = tokenFrom(useSearch());
  return <VerifyEmailFlow key={token ?? ''} token={token} />;
}

function VerifyEmailFlow({ token }: { token: string | null }) {
  const { api, app, strings, config, inspect } = useServices();
  const { href, navigate } = useAppNavigate();
  const machine = useMemo(
    () =>
      provideVerifyEmail({
        api,
        verified: () => {
          if (currentMember(app)) reloadMember(app);
        },
      }),
    [api, app],
  );
  const actor = useActorRef(machine, { input: { token }, inspect });
  const view = useSelector(actor, selectVerifyEmailView);
  const title =
    view.stage === 'verified'
      ? strings.emailVerified
      : view.stage === 'invalidLink'
        ? strings.invalidVerifyLink
        : strings.verifyEmailTitle;
  useEffect(() => {
    document.title = `${title} — ${config.sellerName}`;
  }, [title, config.sellerName]);
  return (
    <VerifyEmailView
      strings={strings}
      stage={view.stage}
      formError={view.formError}
      setEmailHref={href('/user/set-email-address')}
      homeHref={href('/')}
      onNavigate={navigate}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}
