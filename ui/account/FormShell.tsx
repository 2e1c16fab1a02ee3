/**
 * The account pages' shell (register, profile, reset password, set email, the email-submit pages), imported as a
 * namespace (`Shell.Page`, `Shell.Form`): the page section named by its heading, the loading and load-failed
 * stages, the done stage, the form with its message on top, the submit with its busy state, and the fields the
 * forms share. Presentational only: the view passes what its flow's view model says.
 */
import type { ReactNode, RefObject } from 'react';
import { Field, type FieldProps } from './Field';

/** The account forms' column width. */
const NARROW = { maxWidth: '36rem' };

export interface PageProps {
  /** The heading's id, which names the page's section. */
  titleId: string;
  title: ReactNode;
  /** The heading's level: the page's own (h1, the default) or under 'My account' (h2). */
  level?: 1 | 2;
  /** While the page loads: `aria-busy` on the section. */
  busy?: boolean;
  /** The forms' column width (36rem). */
  narrow?: boolean;
  children?: ReactNode;
}

/** An account page: a section named by its heading, then what the page shows. */
export function Page({ titleId, title, level, busy, narrow, children }: PageProps) {
  const Heading = level === 2 ? 'h2' : 'h1';
  return (
    <section
      className="account-page"
      aria-labelledby={titleId}
      aria-busy={busy ? 'true' : undefined}
      style={narrow ? NARROW : undefined}
    >
      <Heading id={titleId}>{title}</Heading>
      {children}
    </section>
  );
}

/** The page while its flow loads: the heading and the loading status. */
export function Loading(props: Omit<PageProps, 'busy' | 'children'> & { text: string }) {
  const { text, ...page } = props;
  return (
    <Page {...page} busy>
      <p role="status">{text}</p>
    </Page>
  );
}

/** The page when it could not load: the heading, the alert and Try again. */
export function LoadFailed(
  props: Omit<PageProps, 'busy' | 'children'> & {
    message: ReactNode;
    retryText: string;
    onRetry: () => void;
  },
) {
  const { message, retryText, onRetry, ...page } = props;
  return (
    <Page {...page}>
      <p className="message message--error" role="alert">
        {message}
      </p>
      <button className="btn" type="button" onClick={onRetry}>
        {retryText}
      </button>
    </Page>
  );
}

/** The page once its flow is done: what happened (a status) and the one way on. */
export function Done(
  props: Omit<PageProps, 'busy' | 'children'> & {
    /** Shown between the heading and the status (e.g. a subheading). */
    lead?: ReactNode;
    status: ReactNode;
    action: { label: string; onClick: () => void };
  },
) {
  const { lead, status, action, ...page } = props;
  return (
    <Page {...page}>
      {lead}
      <p role="status">{status}</p>
      <button className="btn" type="button" onClick={action.onClick}>
        {action.label}
      </button>
    </Page>
  );
}

export interface FormProps {
  /** `useRefusalFocus`'s refs (the view holds the hook, so a refusal is focused once, never on a remount). */
  refs: { formRef: RefObject<HTMLFormElement>; messageRef: RefObject<HTMLParagraphElement> };
  /** The page heading's id, which names the form. */
  labelledBy: string;
  /** The form's message (an alert, focused after a refusal that marks no field); null: none. */
  error: ReactNode | null;
  /** Shown inside the form above its message (e.g. the seller's instructions). */
  lead?: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * An account form: validated by its flow (noValidate), named by the page heading, its message on top as an alert
 * that can take focus, then its fields and submit.
 */
export function Form(props: FormProps) {
  return (
    <form
      ref={props.refs.formRef}
      noValidate
      aria-labelledby={props.labelledBy}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.lead}
      {props.error ? (
        <p ref={props.refs.messageRef} className="message message--error" role="alert" tabIndex={-1}>
          {props.error}
        </p>
      ) : null}
      {props.children}
    </form>
  );
}

/** The form's submit: disabled and busy while the flow submits. */
export function Submit(props: { busy: boolean; children: ReactNode }) {
  return (
    <button className="btn" type="submit" aria-busy={props.busy} disabled={props.busy}>
      {props.children}
    </button>
  );
}

/** The submit in its own paragraph under the fields; its text says when the flow is at work. */
export function SubmitRow(props: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <p style={{ marginTop: '1rem' }}>
      <Submit busy={props.busy}>{props.busy ? props.busyLabel : props.label}</Submit>
    </p>
  );
}

/** The password rules under a new password field (what `describedBy` of the field names). */
export function PasswordRequirements(props: { id: string; title: string; children: ReactNode }) {
  return (
    <div id={props.id} className="field__hint" style={{ margin: '0.5rem 0 1rem' }}>
      <p style={{ margin: 0 }}>{props.title}</p>
      <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>{props.children}</ul>
    </div>
  );
}

type PresetFieldProps = Omit<FieldProps, 'type' | 'autoComplete' | 'required'>;

/** A required email field (the browser's email autofill). */
export function EmailField(props: PresetFieldProps) {
  return <Field type="email" name="email" autoComplete="email" required {...props} />;
}

/** A required new password field (password managers offer a new one). */
export function NewPasswordField(props: PresetFieldProps) {
  return <Field type="password" autoComplete="new-password" required {...props} />;
}
