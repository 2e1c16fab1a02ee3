import './strings';
import type { SetEmailCallbacks, SetEmailView as SetEmailModel } from '../../machines/setEmail/view';
import { useRefusalFocus } from '../form-validity';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import * as Shell from './FormShell';

/**
 * The flow's view model (machines/setEmail/view.ts; `sentTo`: the new address a confirmation link went to, the
 * page says to check the inbox), its field errors as the page shows them, and the callbacks.
 */
export interface SetEmailViewProps
  extends Pick<
      SetEmailModel,
      'email' | 'confirm' | 'maxLength' | 'formError' | 'errorVersion' | 'submitting' | 'sentTo'
    >,
    SetEmailCallbacks {
  strings: Strings;
  emailError: UiMessage | null;
  confirmError: UiMessage | null;
}

/** 'Update Email address': the new email and its re-entry, 'Update & Continue'. */
export function SetEmailView(props: SetEmailViewProps) {
  const { strings } = props;
  const refs = useRefusalFocus(props.errorVersion);
  const message = (m: UiMessage | null) => (m ? resolveMessage(strings, m) : null);
  const page = { titleId: 'set-email-title', title: strings.updateEmailTitle, narrow: true };
  if (props.sentTo !== null)
    return (
      <Shell.Done
        {...page}
        lead={<h2>{strings.setEmailSentTitle}</h2>}
        status={fill(strings.setEmailSent, { email: props.sentTo })}
        action={{ label: strings.accountContinue, onClick: props.onContinue }}
      />
    );
  return (
    <Shell.Page {...page}>
      <Shell.Form
        refs={refs}
        labelledBy={page.titleId}
        error={message(props.formError)}
        onSubmit={props.onSubmit}
      >
        <Shell.EmailField
          id="set-email-email"
          label={strings.newEmail}
          maxLength={props.maxLength}
          value={props.email}
          error={message(props.emailError)}
          onValueChange={props.onEmailChange}
        />
        <div style={{ height: '1rem' }} />
        <Shell.EmailField
          id="set-email-confirm"
          label={strings.reenterEmail}
          name="email-confirm"
          maxLength={props.maxLength}
          value={props.confirm}
          error={message(props.confirmError)}
          onValueChange={props.onConfirmChange}
        />
        <Shell.SubmitRow
          busy={props.submitting}
          label={strings.updateAndContinue}
          busyLabel={strings.saving}
        />
      </Shell.Form>
    </Shell.Page>
  );
}
