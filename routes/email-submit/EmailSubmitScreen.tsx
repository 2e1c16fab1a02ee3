import '../../ui/account/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Redirect } from 'wouter';
import type { EmailSubmitKind } from '../../machines/emailSubmit/types';
import { emailSubmitCallbacks, selectEmailSubmitView } from '../../machines/emailSubmit/view';
import { EmailSubmitView } from '../../ui/account/EmailSubmitView';
import { fill, type Strings } from '../../ui/strings';
import { currentMember, useMember } from '../account/member';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { provideEmailSubmit } from './wiring';

/** Each page's texts: title, the seller's instructions, the button, the success text. */
function textsOf(kind: EmailSubmitKind, strings: Strings) {
  switch (kind) {
    case 'resend':
      return {
        title: strings.resendTitle,
        intro: strings.before_resend_tickets,
        submit: strings.resendSubmit,
        sent: strings.resendSent,
        sentHtml: '',
        tone: 'success' as const,
      };
    case 'forgotMembership':
      return {
        title: strings.forgotMembershipTitle,
        intro: strings.forgot_membership_instructions,
        submit: strings.forgotMembershipSubmit,
        sent: strings.forgot_membership_message,
        sentHtml: '',
        tone: 'warning' as const,
      };
    case 'forgotPassword':
      return {
        title: strings.forgotPasswordTitle,
        intro: strings.forgotPasswordIntro,
        submit: strings.forgotPasswordSubmit,
        sent: strings.forgotPasswordSent,
        sentHtml: strings.forgot_password_contact_details,
        tone: 'success' as const,
      };
  }
}

/** /resend, /user/forgot-membership, /user/forgot-password. Logged-in members leave the forgot pages for /. */
export default function EmailSubmitScreen({ kind }: { kind: EmailSubmitKind }) {
  const member = useMember();
  if (member && kind !== 'resend') return <Redirect to="/" replace />;
  return <EmailSubmitFlow key={kind} kind={kind} memberEmail={member?.email ?? null} />;
}

function EmailSubmitFlow({ kind, memberEmail }: { kind: EmailSubmitKind; memberEmail: string | null }) {
  const { api, app, strings, config, inspect } = useServices();
  const { href, navigate } = useAppNavigate();
  const machine = useMemo(
    () => provideEmailSubmit({ api, loggedIn: () => currentMember(app) !== null }),
    [api, app],
  );
  const actor = useActorRef(machine, { input: { kind }, inspect });
  const view = useSelector(actor, selectEmailSubmitView);
  const texts = textsOf(kind, strings);
  useEffect(() => {
    document.title = `${texts.title} — ${config.sellerName}`;
  }, [texts.title, config.sellerName]);
  // A member's resend goes to their own address: start from it.
  useEffect(() => {
    if (memberEmail && actor.getSnapshot().context.email === '')
      actor.send({ type: 'email.change', value: memberEmail });
  }, [actor, memberEmail]);
  return (
    <EmailSubmitView
      strings={strings}
      idPrefix={kind}
      title={texts.title}
      introHtml={texts.intro}
      submitLabel={texts.submit}
      email={view.email}
      maxLength={view.maxLength}
      fieldError={view.fieldError}
      formError={view.formError}
      errorVersion={view.errorVersion}
      submitting={view.submitting}
      sent={view.sentTo !== null ? fill(texts.sent, { email: view.sentTo }) : null}
      sentTone={texts.tone}
      sentHtml={texts.sentHtml}
      link={view.sentTo !== null ? { href: href('/'), label: strings.homeLink } : null}
      onNavigate={navigate}
      {...emailSubmitCallbacks(actor.send)}
    />
  );
}
