/**
 * Never a blank page (spec 3 §2 shell, §8): an error boundary around the routes and a handler of unhandled
 * promise rejections, each showing the API's message or the generic one with a Reload button and a Continue
 * link home, until the visitor goes to another route. An aborted request (a route change, StrictMode) is not
 * an error and shows nothing. Both report what failed (routes/app/error-reporting.ts). A chunk that would not load reloads the page once first (routes/chunks.ts).
 */
import { Component, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError } from '../../api/errors';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { reloadOnceForChunk } from '../chunks';
import { useAppNavigate } from '../navigation';
import { useServices } from './services';

function Notice({ error }: { error: unknown }) {
  const { strings } = useServices();
  const { href, navigate } = useAppNavigate();
  return (
    <ErrorNotice
      strings={strings}
      text={(isApiError(error) && error.description) || strings.errorUnexpected}
      onReload={() => window.location.reload()}
      continueHref={href('/')}
      onNavigate={navigate}
    />
  );
}

/** What failed, and on which route (null: not known yet, set at the next render). */
type Failure = { error: unknown; path: string | null } | null;

class Boundary extends Component<
  { path: string; onError: (error: unknown) => void; children: ReactNode },
  { failure: Failure }
> {
  override state: { failure: Failure } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error, path: null } };
  }

  override componentDidCatch(error: unknown) {
    if (!reloadOnceForChunk(error)) this.props.onError(error);
  }

  static getDerivedStateFromProps(props: { path: string }, state: { failure: Failure }) {
    const { failure } = state;
    if (!failure) return null;
    // The failure belongs to the route it happened on; another route starts afresh.
    if (failure.path === null) return { failure: { ...failure, path: props.path } };
    return failure.path === props.path ? null : { failure: null };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <Notice error={failure.error} /> : this.props.children;
  }
}

/** The routes inside an error boundary that clears when the visitor goes to another route. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { reportError } = useServices();
  const onError = (error: unknown) => reportError?.(error, 'render');
  return (
    <Boundary path={useLocation()[0]} onError={onError}>
      {children}
    </Boundary>
  );
}

/** An unhandled promise rejection shows its message on the route it happened on (aborts excepted). */
export function UnhandledRejections() {
  const { reportError } = useServices();
  const [path] = useLocation();
  const current = useRef(path);
  current.current = path;
  const [failure, setFailure] = useState<Failure>(null);
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if ((event.reason as { name?: unknown })?.name === 'AbortError') return;
      setFailure({ error: event.reason, path: current.current });
      reportError?.(event.reason, 'rejection');
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [reportError]);
  return failure?.path === path ? <Notice error={failure.error} /> : null;
}
