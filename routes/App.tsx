import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { Shell } from '../ui/Shell';
import { useServices } from './app/services';
import { UpsellRouteEffects } from './app/upsell';
import { useAppNavigate } from './navigation';
import { NotFoundScreen } from './not-found/NotFoundScreen';

const EventsScreen = lazy(() => import('./events/EventsScreen'));
const EventScreen = lazy(() => import('./event/EventScreen'));
const CheckoutScreen = lazy(() => import('./checkout/CheckoutScreen'));
const CompleteScreen = lazy(() => import('./complete/CompleteScreen'));
/**
 * The story viewer (non-production). A build with VITE_STORIES=off (the production build of npm start and
 * npm run budget) leaves it out entirely, route included: /_stories then falls through to the 404 screen.
 */
const STORIES = import.meta.env.VITE_STORIES !== 'off';
const StoriesRoute = STORIES ? lazy(() => import('./stories/StoriesRoute')) : NotFoundScreen;

/** The route table: base = seller slug, trailing slash stripped, catch-all 404. */
export function App() {
  const { config } = useServices();
  return (
    <Router base={`/${config.slug}`}>
      <RouteEffects />
      <UpsellRouteEffects />
      <Frame>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/">
              <Redirect to="/events" replace />
            </Route>
            <Route path="/events" component={EventsScreen} />
            <Route path="/events/:id">{(params) => <EventScreen id={params.id} />}</Route>
            <Route path="/events/:id/:action">{(params) => <EventScreen id={params.id} />}</Route>
            <Route path="/checkout/complete" component={CompleteScreen} />
            <Route path="/checkout" component={CheckoutScreen} />
            <Route path="/checkout/:cartId" component={CheckoutScreen} />
            {STORIES ? <Route path="/_stories" component={StoriesRoute} /> : null}
            <Route component={NotFoundScreen} />
          </Switch>
        </Suspense>
      </Frame>
    </Router>
  );
}

function Loading() {
  const { strings } = useServices();
  return <p role="status">{strings.loading}</p>;
}

function Frame({ children }: { children: ReactNode }) {
  const { config, strings, clock } = useServices();
  const { href, navigate } = useAppNavigate();
  return (
    <Shell
      strings={strings}
      sellerName={config.sellerName}
      homeHref={href('/')}
      onNavigate={navigate}
      year={new Date(clock.now()).getFullYear()}
    >
      {children}
    </Shell>
  );
}

/** Strips a trailing slash, and on every route change scrolls to the top and moves focus to the content. */
function RouteEffects() {
  const [location, setLocation] = useLocation();
  const search = useSearch();
  const first = useRef(true);
  useEffect(() => {
    if (location.length > 1 && location.endsWith('/')) {
      setLocation(`${location.replace(/\/+$/, '')}${search ? `?${search}` : ''}`, { replace: true });
      return;
    }
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [location, search, setLocation]);
  return null;
}
