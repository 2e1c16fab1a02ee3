import type { ReactNode } from 'react';

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

/** A manage page that cannot show the order: its heading, the alert, Try again when offered, the way home. */
export function ManageNotice(props: {
  title: string;
  message: ReactNode;
  /** Try again (a failed load), or null. */
  retry: { text: string; onRetry: () => void } | null;
  home: ReactNode;
}) {
  return (
    <section className="manage-order" aria-labelledby="manage-order-title">
      <h1 id="manage-order-title">{props.title}</h1>
      <p className="message message--error" role="alert">
        {props.message}
      </p>
      {props.retry ? (
        <button type="button" className="btn btn--secondary" onClick={props.retry.onRetry}>
          {props.retry.text}
        </button>
      ) : null}
      {props.home}
    </section>
  );
}
