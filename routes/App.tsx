import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { Shell } from '../ui/Shell';
import { RouteErrorBoundary, UnhandledRejections } from './app/errors';
import { useModal, useServices } from './app/services';
import { UpsellRouteEffects } from './app/upsell';
import { lazyChunk, loadChunk } from './chunks';
import { useAppNavigate } from './navigation';
import { NotFoundScreen } from './not-found/NotFoundScreen';

/** The listing and event screens call `api.events` at once: its client loads beside the screen, not after it. */
const withEventsClient =
  <T,>(screen: () => Promise<T>): (() => Promise<T>) =>
  () =>
    Promise.all([loadChunk(screen), loadChunk(() => import('../api/events-client'))]).then(
      ([module]) => module,
    );
const EventsScreen = lazy(withEventsClient(() => import('./events/EventsScreen')));
const EventScreen = lazy(withEventsClient(() => import('./event/EventScreen')));
const CheckoutScreen = lazyChunk(() => import('./checkout/CheckoutScreen'));
const CompleteScreen = lazyChunk(() => import('./complete/CompleteScreen'));
const OrderPrintScreen = lazyChunk(() => import('./complete/OrderPrintScreen'));
const PendingScreen = lazyChunk(() => import('./pending/PendingScreen'));
const HomeScreen = lazyChunk(() => import('./home/HomeScreen'));
const EmailSubmitScreen = lazyChunk(() => import('./email-submit/EmailSubmitScreen'));
const ResetPasswordScreen = lazyChunk(() => import('./reset-password/ResetPasswordScreen'));
const SetEmailScreen = lazyChunk(() => import('./set-email/SetEmailScreen'));
const VerifyEmailScreen = lazyChunk(() => import('./verify-email/VerifyEmailScreen'));
const RegisterScreen = lazyChunk(() => import('./register/RegisterScreen'));
const MyAccountScreen = lazyChunk(() => import('./account/MyAccountScreen'));
const ProviderCallbackScreen = lazyChunk(() => import('./login/ProviderCallbackScreen'));
const RedeemScreen = lazyChunk(() => import('./redeem/RedeemScreen'));
const AutoRenewCancelScreen = lazyChunk(() => import('./auto-renew/AutoRenewCancelScreen'));
const ManageScreen = lazyChunk(() => import('./manage/ManageScreen'));
const RescheduleScreen = lazyChunk(() => import('./manage/RescheduleScreen'));
const ConfirmScreen = lazyChunk(() => import('./manage/ConfirmScreen'));
const AccountMenuSlot = lazyChunk(() => import('./account/AccountMenuSlot'));
const LoginDialogSlot = lazyChunk(() => import('./login/LoginDialogSlot'));
const MembershipRedirect = lazyChunk(() => import('./membership/MembershipRedirect'));
const MembershipDetailsDialogSlot = lazyChunk(() => import('./account/MembershipDetailsDialogSlot'));
const LanguageSlot = lazyChunk(() => import('./app/LanguageSlot'));
/** The members banner, the floating back button and the seller's content blocks (issue 26), one lazy chunk. */
const ShellSlot = lazyChunk(() => import('./app/ShellSlot'));
/**
 * The story viewer (non-production). A build with VITE_STORIES=off (the production build of npm start and
 * npm run budget) leaves it out entirely, route included: /_stories then falls through to the 404 screen.
 */
const STORIES = import.meta.env.VITE_STORIES !== 'off';
const StoriesRoute = STORIES ? lazyChunk(() => import('./stories/StoriesRoute')) : NotFoundScreen;

/** The route table: base = seller slug, trailing slash stripped, catch-all 404. */
export function App() {
  const { config } = useServices();
  return (
    <Router base={`/${config.slug}`}>
      <RouteEffects />
      <LoginQuery />
      <UpsellRouteEffects />
      <Frame>
        <UnhandledRejections />
        <RouteErrorBoundary>
          {/* The shell's slot loads beside the route's screen and shows with it: nothing moves when it arrives. */}
          <Suspense fallback={<Loading />}>
            <ShellSlot part="top" />
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
              <Route path="/checkout/pending/:cartId">
                {(params) => <PendingScreen cartId={params.cartId} />}
              </Route>
              <Route path="/ticket_order/:id">{(params) => <OrderPrintScreen id={params.id} />}</Route>
              <Route path="/checkout" component={CheckoutScreen} />
              <Route path="/checkout/:cartId" component={CheckoutScreen} />
              <Route path="/my-account">{() => <MyAccountScreen />}</Route>
              <Route path="/my-account/membership-details">{() => <MyAccountScreen />}</Route>
              <Route path="/my-account/profile">{() => <MyAccountScreen section="profile" />}</Route>
              <Route path="/user/register" component={RegisterScreen} />
              <Route path="/auth0-login" component={ProviderCallbackScreen} />
              <Route path="/manage/:id">{(params) => <ManageScreen id={params.id} />}</Route>
              <Route path="/manage/:orderId/confirm">
                {(params) => <ConfirmScreen orderId={params.orderId} />}
              </Route>
              <Route path="/manage/:orderId/reschedule/:sessionId">
                {(params) => <RescheduleScreen orderId={params.orderId} sessionId={params.sessionId} />}
              </Route>
              <Route path="/manage/:ticketOrderId/cancel-auto-renew">
                {(params) => <AutoRenewCancelScreen ticketOrderId={params.ticketOrderId} />}
              </Route>
              {STORIES ? <Route path="/_stories" component={StoriesRoute} /> : null}
              <Route component={NotFoundScreen} />
            </Switch>
            <ShellSlot part="bottom" />
          </Suspense>
        </RouteErrorBoundary>
      </Frame>
    </Router>
  );
}

function Loading() {
  const { strings } = useServices();
  return <p role="status">{strings.loading}</p>;
}

function Frame({ children }: { children: ReactNode }) {
  const { config, strings, clock, locale } = useServices();
  const { href, navigate } = useAppNavigate();
  return (
    <Shell
      strings={strings}
      sellerName={config.sellerName}
      homeHref={href('/')}
      onNavigate={navigate}
      year={new Date(clock.now()).getFullYear()}
      logo={config.theme?.logo}
      logoHref={config.theme?.logoHref}
      footerText={config.theme?.footer}
      account={
        <Suspense fallback={<span className="account-menu" />}>
          <AccountMenuSlot />
        </Suspense>
      }
      languages={
        locale && (
          <Suspense fallback={null}>
            <LanguageSlot />
          </Suspense>
        )
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
