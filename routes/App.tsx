import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { Shell } from '../ui/Shell';
import { useModal, useServices } from './app/services';
import { UpsellRouteEffects } from './app/upsell';
import { useAppNavigate } from './navigation';
import { NotFoundScreen } from './not-found/NotFoundScreen';

/** The listing and event screens call `api.events` at once: its client loads beside the screen, not after it. */
const withEventsClient = <T,>(screen: Promise<T>): Promise<T> =>
  Promise.all([screen, import('../api/events-client')]).then(([module]) => module);
const EventsScreen = lazy(() => withEventsClient(import('./events/EventsScreen')));
const EventScreen = lazy(() => withEventsClient(import('./event/EventScreen')));
const CheckoutScreen = lazy(() => import('./checkout/CheckoutScreen'));
const CompleteScreen = lazy(() => import('./complete/CompleteScreen'));
const HomeScreen = lazy(() => import('./home/HomeScreen'));
const EmailSubmitScreen = lazy(() => import('./email-submit/EmailSubmitScreen'));
const ResetPasswordScreen = lazy(() => import('./reset-password/ResetPasswordScreen'));
const SetEmailScreen = lazy(() => import('./set-email/SetEmailScreen'));
const VerifyEmailScreen = lazy(() => import('./verify-email/VerifyEmailScreen'));
const MyAccountScreen = lazy(() => import('./account/MyAccountScreen'));
const ProviderCallbackScreen = lazy(() => import('./login/ProviderCallbackScreen'));
const RedeemScreen = lazy(() => import('./redeem/RedeemScreen'));
const AutoRenewCancelScreen = lazy(() => import('./auto-renew/AutoRenewCancelScreen'));
const AccountMenuSlot = lazy(() => import('./account/AccountMenuSlot'));
const LoginDialogSlot = lazy(() => import('./login/LoginDialogSlot'));
const MembershipRedirect = lazy(() => import('./membership/MembershipRedirect'));
const MembershipDetailsDialogSlot = lazy(() => import('./account/MembershipDetailsDialogSlot'));
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
      <LoginQuery />
      <UpsellRouteEffects />
      <Frame>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/" component={HomeScreen} />
            <Route path="/resend">{() => <EmailSubmitScreen kind="resend" />}</Route>
            <Route path="/user/forgot-membership">
              {() => <EmailSubmitScreen kind="forgotMembership" />}
            </Route>
            <Route path="/user/forgot-password">{() => <EmailSubmitScreen kind="forgotPassword" />}</Route>
            <Route path="/user/reset-password" component={ResetPasswordScreen} />
            <Route path="/user/set-email-address" component={SetEmailScreen} />
            <Route path="/user/verify-email" component={VerifyEmailScreen} />
            <Route path="/events" component={EventsScreen} />
            <Route path="/events/:id">{(params) => <EventScreen id={params.id} />}</Route>
            <Route path="/events/:id/:action">
              {(params) => <EventScreen id={params.id} action={params.action} />}
            </Route>
            <Route path="/membership">{() => <MembershipRedirect action="" />}</Route>
            <Route path="/membership/redeem" component={RedeemScreen} />
            <Route path="/membership/:action">
              {(params) => <MembershipRedirect action={params.action} />}
            </Route>
            <Route path="/checkout/complete" component={CompleteScreen} />
            <Route path="/checkout" component={CheckoutScreen} />
            <Route path="/checkout/:cartId" component={CheckoutScreen} />
            <Route path="/my-account" component={MyAccountScreen} />
            <Route path="/my-account/membership-details" component={MyAccountScreen} />
            <Route path="/auth0-login" component={ProviderCallbackScreen} />
            <Route path="/manage/:ticketOrderId/cancel-auto-renew">
              {(params) => <AutoRenewCancelScreen ticketOrderId={params.ticketOrderId} />}
            </Route>
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
      account={
        <Suspense fallback={<span className="account-menu" />}>
          <AccountMenuSlot />
        </Suspense>
      }
    >
      {children}
      <LoginDialogHost />
      <MembershipDetailsDialogHost />
    </Shell>
  );
}

/** The login dialog, loaded when the `login` modal opens. */
function LoginDialogHost() {
  const { modal } = useModal('login');
  return modal ? (
    <Suspense fallback={null}>
      <LoginDialogSlot />
    </Suspense>
  ) : null;
}

/** The membership details dialog, loaded when the `membershipDetails` modal opens. */
function MembershipDetailsDialogHost() {
  const { modal } = useModal('membershipDetails');
  return modal ? (
    <Suspense fallback={null}>
      <MembershipDetailsDialogSlot />
    </Suspense>
  ) : null;
}

/** The query keys of a login (spec 3 §2 "Navigation rules"); the work is loaded only when one is there. */
const LOGIN_QUERY = /(?:^|&)(?:login|member_code|zip_code)(?:[=&]|$)|(?:^|&)login\./;

/** Query `login`, `member_code`, `zip_code`, `login.*`: see routes/login/query.ts. */
function LoginQuery() {
  const { app } = useServices();
  const [location, setLocation] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (!LOGIN_QUERY.test(search)) return;
    let live = true;
    import('./login/query').then(({ applyLoginQuery }) => {
      const rest = live ? applyLoginQuery(app, search) : null;
      if (rest !== null) setLocation(`${location}${rest ? `?${rest}` : ''}`, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [app, location, search, setLocation]);
  return null;
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
