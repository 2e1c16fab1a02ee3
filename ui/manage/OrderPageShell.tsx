/**
 * The order pages' shell (cancel free order, edit order, reschedule; spec 2 §2), imported as a namespace
 * (`Shell.Section`, `Shell.Notice`): the props every page takes, the
 * page section named by its heading, the success and error messages, the notice a page shows when it cannot show
 * the order (refused, failed with Try again, or logged in), and the links the pages navigate by.
 */
import type { ReactNode } from 'react';
import type { Strings } from '../strings';

/** What every order page takes: its flow's view model and the route's currency and navigation. */
export interface OrderPageProps<View> {
  strings: Strings;
  /** The page's model, selected from the flow's snapshot by the flow's view.ts. */
  view: View;
  currency: string;
  onNavigate: (href: string) => void;
}

/** What the pages that change the order itself (cancel free order, edit order) take besides. */
export interface OrderChangeProps<View> extends OrderPageProps<View> {
  homeHref: string;
  /** 'Cancel order': every ticket that can be. */
  onCancelOrder: () => void;
  /** The change confirmed (the confirm modal's Confirm, or Confirm Changes). */
  onConfirm: () => void;
  /** Try again after a failed load. */
  onRetry: () => void;
}

/** A link the app navigates to itself (the manage pages' way home or back). */
export function AppHref({
  href,
  onNavigate,
  children,
}: {
  href: string;
  onNavigate: (href: string) => void;
  children: string;
}) {
  return (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        onNavigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** The way home or back, in its own paragraph. */
export function PageLink(props: { href: string; onNavigate: (href: string) => void; text: string }) {
  return (
    <p>
      <AppHref href={props.href} onNavigate={props.onNavigate}>
        {props.text}
      </AppHref>
    </p>
  );
}

/** An order page: a section named by its heading (`manage-order-title` unless told), then what it shows. */
export function Section(props: { titleId?: string; title: string; children: ReactNode }) {
  const titleId = props.titleId ?? 'manage-order-title';
  return (
    <section className="manage-order" aria-labelledby={titleId}>
      <h1 id={titleId}>{props.title}</h1>
      {props.children}
    </section>
  );
}

/** The outcome of a change (a polite live region, always there so the message is read when it comes). */
export function SuccessRegion(props: { message: string | null }) {
  return (
    <div aria-live="polite">
      {props.message ? (
        <p className="message message--success" role="status">
          {props.message}
        </p>
      ) : null}
    </div>
  );
}

/** A refusal or failure, as an alert; nothing without one. */
export function ErrorAlert(props: { message: string | null }) {
  return props.message ? (
    <p className="message message--error" role="alert">
      {props.message}
    </p>
  ) : null;
}

/**
 * An order page that cannot show the order: its heading, the alert (when `message` is given, even empty), the
 * page's own notices, Try again when offered, the way home or back.
 */
export function Notice(props: {
  titleId?: string;
  title: string;
  message?: ReactNode;
  children?: ReactNode;
  /** Try again (a failed load), or null. */
  retry: { text: string; onRetry: () => void } | null;
  home: ReactNode;
}) {
  return (
    <Section titleId={props.titleId} title={props.title}>
      {props.message === undefined ? null : (
        <p className="message message--error" role="alert">
          {props.message}
        </p>
      )}
      {props.children}
      {props.retry ? (
        <button type="button" className="btn btn--secondary" onClick={props.retry.onRetry}>
          {props.retry.text}
        </button>
      ) : null}
      {props.home}
    </Section>
  );
}
