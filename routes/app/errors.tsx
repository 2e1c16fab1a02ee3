/**
 * Never a blank page (spec 3 §2 shell, §8): an error boundary around the routes and a handler of unhandled
 * promise rejections, each showing the API's message or the generic one with a Reload button and a Continue
 * link home. An aborted request (a route change, StrictMode) is not an error and shows nothing.
 */
import { Component, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError } from '../../api/errors';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { Strings } from '../../ui/strings';
import { useAppNavigate } from '../navigation';
import { useServices } from './services';

/** The text for an error: an API error's own description, else the generic message. */
export function errorText(error: unknown, strings: Strings): string {
  if (isApiError(error) && error.description) return error.description;
  return strings.errorUnexpected;
}

/** An aborted request or load: nothing went wrong. */
export const isAbort = (reason: unknown): boolean =>
  typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'AbortError';

const reload = () => window.location.reload();

function Notice({ error }: { error: unknown }) {
  const { strings } = useServices();
  const { href, navigate } = useAppNavigate();
  return (
    <ErrorNotice
      strings={strings}
      text={errorText(error, strings)}
      onReload={reload}
      continueHref={href('/')}
      onNavigate={navigate}
    />
  );
}

interface BoundaryProps {
  /** The route's path: a new route clears the error. */
  path: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error !== null && state.failedAt === null) return { failedAt: props.path };
    if (state.error !== null && state.failedAt !== props.path) return { error: null, failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    // The kind only: messages and stacks can carry what a visitor typed.
    console.error('[storefront] a route failed:', error instanceof Error ? error.name : typeof error);
  }

  override render() {
    return this.state.error !== null ? <Notice error={this.state.error} /> : this.props.children;
  }
}

/** The routes inside an error boundary that clears when the visitor goes to another route. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return <Boundary path={path}>{children}</Boundary>;
}

/** An unhandled promise rejection shows its message until the route changes (aborts excepted). */
export function UnhandledRejections() {
  const [path] = useLocation();
  const current = useRef(path);
  current.current = path;
  const [failure, setFailure] = useState<{ error: unknown; path: string } | null>(null);
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isAbort(event.reason)) return;
      setFailure({ error: event.reason, path: current.current });
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
  return failure && failure.path === path ? <Notice error={failure.error} /> : null;
}
