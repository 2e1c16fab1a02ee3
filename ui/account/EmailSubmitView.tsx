import './strings';
import type {
  EmailSubmitCallbacks,
  EmailSubmitView as EmailSubmitModel,
} from '../../machines/emailSubmit/view';
import { AppLink, type Navigate } from '../AppLink';
import { useRefusalFocus } from '../form-validity';
import { SellerHtml } from '../SellerHtml';
import { resolveMessage, type Strings } from '../strings';
import * as Shell from './FormShell';

/** The flow's view model (machines/emailSubmit/view.ts), the page's texts (by kind) and its callbacks. */
export interface EmailSubmitViewProps
  extends Pick<
      EmailSubmitModel,
      'email' | 'maxLength' | 'fieldError' | 'formError' | 'errorVersion' | 'submitting'
    >,
    EmailSubmitCallbacks {
  strings: Strings;
  /** Distinguishes the field ids of the three pages. */
  idPrefix: string;
  title: string;
  /** Seller HTML (sanitised) or plain text above the form; empty: none. */
  introHtml: string;
  submitLabel: string;
  /** The success text (null while the form is shown). */
  sent: string | null;
  /** Forgot membership warns that the ID was sent; the others confirm. */
  sentTone: 'success' | 'warning';
  /** Seller HTML under the success text (contact details); empty: none. */
  sentHtml?: string;
  /** A link under the form (e.g. back home), or null. */
  link?: { href: string; label: string } | null;
  onNavigate: Navigate;
}

/** An email-submit page: a title, the seller's instructions, one email field and a submit button. */
export function EmailSubmitView(props: EmailSubmitViewProps) {
  const { strings } = props;
  const refs = useRefusalFocus(props.errorVersion);
  const titleId = `${props.idPrefix}-title`;
  return (
    <Shell.Page titleId={titleId} title={props.title} narrow>
      <div role="status" aria-live="polite">
        {props.sent !== null ? (
          <div className={`message message--${props.sentTone}`}>
            <p style={{ margin: 0 }}>{props.sent}</p>
            {props.sentHtml ? <SellerHtml html={props.sentHtml} /> : null}
          </div>
        ) : null}
      </div>
      {props.sent === null ? (
        <Shell.Form
          refs={refs}
          labelledBy={titleId}
          lead={props.introHtml ? <SellerHtml html={props.introHtml} /> : null}
          error={props.formError ? resolveMessage(strings, props.formError) : null}
          onSubmit={props.onSubmit}
        >
          <Shell.EmailField
            id={`${props.idPrefix}-email`}
            label={strings.emailAddress}
            maxLength={props.maxLength}
            value={props.email}
            error={props.fieldError ? resolveMessage(strings, props.fieldError) : null}
            onValueChange={props.onEmailChange}
          />
          <Shell.SubmitRow busy={props.submitting} label={props.submitLabel} busyLabel={strings.sending} />
        </Shell.Form>
      ) : null}
      {props.link ? (
        <p>
          <AppLink href={props.link.href} onNavigate={props.onNavigate}>
            {props.link.label}
          </AppLink>
        </p>
      ) : null}
    </Shell.Page>
  );
}
