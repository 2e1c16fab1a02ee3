import '../../ui/checkout/strings';
// The expired injected cart's alert says the cart's timed-out text (spec 2 §2).
import '../../ui/cart/strings';
import { useActorRef, useSelector } from '@xstate/react';
import {
  Fragment,
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearch } from 'wouter';
import type { CartModel, GiftCardPayment } from '../../api';
import type { LookupCountry } from '../../domain/identity-form';
import { listedDueCents } from '../../domain/listed-due';
import { selectCart, selectIsLoading } from '../../machines/cart/current';
import { cartPrefill, identityFields, walletsAllowed } from '../../machines/checkout/rules';
import type { PartialPayment } from '../../machines/checkout/types';
import { selectCheckoutView } from '../../machines/checkout/view';
import { checkoutPrefill } from '../../machines/session/rules';
import { CheckoutView } from '../../ui/checkout/CheckoutView';

import { formatDate, formatMoney } from '../../ui/format';
import { FormSkeleton } from '../../ui/skeleton/FormSkeleton';
import { fill, type Strings } from '../../ui/strings';
import type { AnalyticsPort } from '../app/analytics';
import { isLoggedIn, sessionOf } from '../app/root';
import { useCart, useCartActor, useModal, useServices, useSession } from '../app/services';
import { CartSidebar } from '../cart/CartSidebar';
import { useAppNavigate } from '../navigation';
import type { WalletHandlers } from '../payment/types';
import { storage } from '../storage';
import { useLoad } from '../useLoad';
import { usePlaces } from '../usePlaces';
import { useSellerCaptcha } from './captcha/seller-captcha';
import type { GiftCardControl } from './GiftCardFlow';
import { giftApplier, memberGiftFreeCheckout, readGiftee } from './gift';
import { useInjectedCart } from './injected-cart';
import { type CheckoutActorRef, MobilePayButton } from './MobilePayButton';
import { giftCardFieldShown, useCartModifiable } from './modifiable';
import { redirectReturnFrom } from './redirect-query';
import { loadCheckoutSettings } from './terms';
import { usePayment } from './usePayment';
import { identityFormShownFor, provideCheckout, suppressEmailFrom } from './wiring';
import type * as ZipCode from './zip-code';

/** The dataLayer adapter loads with the first event it sends (only for a seller with analytics on). */
const withDataLayer = (send: (port: AnalyticsPort) => void) =>
  void import('../app/analytics').then((m) =>
    send(m.dataLayerAnalytics(window as unknown as { dataLayer?: unknown[] })),
  );
const checkoutAnalytics: Pick<AnalyticsPort, 'beginCheckout' | 'purchase'> = {
  beginCheckout: (cart) => withDataLayer((port) => port.beginCheckout?.(cart)),
  purchase: (orderIds, cart) => withDataLayer((port) => port.purchase?.(orderIds, cart)),
};

/** The return from a payment redirect loads only when the URL is one. */
const RedirectReturnFlow = lazy(() => import('./RedirectReturnFlow'));

/** The promo code box and the blocked-cart form load when one of them shows (with their strings). */
const PromoCodeFlow = lazy(() => import('./PromoCodeFlow'));
/** The gift card field loads when the seller takes gift cards (with its strings and lookup call). */
const GiftCardFlow = lazy(() => import('./GiftCardFlow'));
/** The donation form loads when the seller offers a donation group (with its strings, machine and calls). */
const DonationFlow = lazy(() => import('./DonationFlow'));
// The address lookup's combobox, only when the seller has a lookup and the country is one it covers (spec 1 §4).
const AddressLookupFlow = lazy(() => import('./AddressLookupFlow'));
/** The scheduled payments panel loads for a cart on a payment plan (with its strings and machine). */
const ScheduledPaymentsFlow = lazy(() => import('./ScheduledPaymentsFlow'));

/** The terms modal loads when it opens. */
const TermsDialog = lazy(() =>
  import('../../ui/checkout/TermsDialog').then((m) => ({ default: m.TermsDialog })),
);

/**
 * /checkout and /checkout/{cartId}: checkout of the current cart, or of the cart the route names (injected into
 * the app cart first). No cart, or a cart left without tickets (the last one removed in the widget), goes home
 * (spec 2 §4 "Before entering checkout": an empty cart goes home; leaving with an empty cart redirects to /).
 */
/**
 * The checkout of an order's change (/manage/{orderId}/confirm, spec 2 §2, §4): on success the screen that
 * renders it asks for the update email and goes back to /manage/{orderId} instead of the confirmation.
 */
export interface OrderEditCheckout {
  completed: () => void;
}

export default function CheckoutScreen({
  params,
  orderEdit,
}: {
  params?: { cartId?: string };
  orderEdit?: OrderEditCheckout;
}) {
  const { strings, config } = useServices();
  const { navigate } = useAppNavigate();
  // The return from an external payment redirect names its cart in the query (spec 2 §2).
  const search = useSearch();
  const back = useMemo(() => (params?.cartId ? null : redirectReturnFrom(search)), [params?.cartId, search]);
  // What the returned payment came to when it could not go on (a card error carrying the intent's status).
  const [returnError, setReturnError] = useState<string | null>(null);
  const injected = useInjectedCart(params?.cartId ?? back?.cartId);
  const injecting = injected.waiting;
  // The seller's terms (a checkbox and its modal when non-empty); the form waits for them. If they cannot be
  // read the page says so instead of taking an order without them.
  const { api } = useServices();
  const terms = useLoad((signal) => loadCheckoutSettings(api, config.sellerId, signal), config.sellerId);
  // A member whose account has no real email (a member-ID login) sets one first (spec 2 §4).
  const needsEmail = useSession((s) => s.context.current?.member.needsEmail === true);
  useEffect(() => {
    if (needsEmail) navigate('/user/set-email-address', { replace: true });
  }, [needsEmail, navigate]);
  const cart = useCart(selectCart);
  // The form renders in an interruptible background pass once the cart arrives (shorter main-thread tasks).
  const shown = useDeferredValue(cart);
  const loading = useCart(selectIsLoading);
  const settled = useCart((s) => !s.matches('starting') && !s.matches('loading') && !s.matches('checking'));
  // Completing the order clears the cart; don't send the visitor home while we leave for the confirmation.
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    document.title = `${strings.paymentInformation} — ${config.sellerName}`;
  }, [strings, config]);
  useEffect(() => {
    // An injected cart that had expired stays to say so (spec 2 §4 "Injecting an expired cart raises an error").
    if (settled && !injecting && !injected.expired && (!cart || cart.ticketCount === 0) && !leaving)
      navigate('/', { replace: true });
  }, [settled, injecting, injected.expired, cart, leaving, navigate]);

  const termsLoading = terms.status === 'loading';
  const formShown =
    !loading && !injecting && !needsEmail && !termsLoading && terms.status !== 'error' && shown !== null;
  // The checkout actor, once the form runs it: the mobile footer's pay button reads its amount to pay now.
  const [checkoutActor, setCheckoutActor] = useState<CheckoutActorRef | null>(null);
  return (
    <div className="layout-with-cart">
      <div>
        {returnError ? (
          <p className="message message--error" role="alert">
            {returnError}
          </p>
        ) : null}
        {injected.expired ? (
          <p className="message message--error" role="alert">
            {strings.cartTimedOut}
          </p>
        ) : terms.status === 'error' ? (
          <p className="message message--error" role="alert">
            {strings.errorUnexpectedLater}
          </p>
        ) : loading || injecting || needsEmail || termsLoading || !shown ? (
          <FormSkeleton label={strings.loading} title={strings.paymentInformation} />
        ) : back && shown.id === back.cartId ? (
          <Suspense fallback={<FormSkeleton label={strings.loading} title={strings.paymentInformation} />}>
            <RedirectReturnFlow
              cart={shown}
              back={back}
              onLeaving={() => setLeaving(true)}
              onRefused={(message) => {
                setReturnError(message);
                navigate('/checkout', { replace: true });
              }}
            />
          </Suspense>
        ) : (
          <CheckoutFlow
            key={shown.id}
            cart={shown}
            termsHtml={terms.data?.termsHtml ?? null}
            showPromoCodes={terms.data?.showPromoCodes === true}
            zipCodeDiscount={terms.data?.zipCodeDiscount === true}
            zipCodeRule={terms.data?.zipCodeRule ?? null}
            giftCards={terms.data?.giftCards === true}
            donationGroupId={terms.data?.donationGroupId ?? null}
            onLeaving={() => setLeaving(true)}
            orderEdit={orderEdit}
            onActor={setCheckoutActor}
            suppressEmail={suppressEmailFrom(search, params?.cartId)}
          />
        )}
      </div>
      <CartSidebar
        showCheckout={false}
        mobileAction={
          formShown ? <MobilePayButton strings={strings} cart={shown} checkout={checkoutActor} /> : undefined
        }
      />
    </div>
  );
}

/**
 * The pending page sent the visitor back because the payment failed (history state `paymentFailed`, see
 * routes/pending/PendingScreen.tsx); read once per checkout, then dropped so a reload does not repeat it.
 */
function paymentFailedState(): boolean {
  if (typeof history === 'undefined') return false;
  const state = history.state as { paymentFailed?: unknown } | null;
  if (state?.paymentFailed !== true) return false;
  const { paymentFailed: _read, ...rest } = state;
  history.replaceState(rest, '');
  return true;
}

/** The checkout flow: get its actor, select its view model, render the view. */
function CheckoutFlow({
  cart,
  termsHtml,
  showPromoCodes,
  zipCodeDiscount,
  zipCodeRule,
  giftCards,
  donationGroupId,
  onLeaving,
  orderEdit,
  onActor,
  suppressEmail = false,
}: {
  cart: CartModel;
  termsHtml: string | null;
  showPromoCodes: boolean;
  zipCodeDiscount: boolean;
  /** The zip-code rule, loaded with the settings when the option is on (spec 2 §4). */
  zipCodeRule: typeof ZipCode | null;
  /** The seller takes gift cards (`additional_payment_methods_enabled.gift_card`, spec 2 §2). */
  giftCards: boolean;
  /** The donation group the seller offers at checkout (`checkout_donation`), or null. */
  donationGroupId: string | null;
  onLeaving: () => void;
  orderEdit?: OrderEditCheckout;
  /** The checkout actor runs (null: it stopped): the mobile footer's pay button reads its amount from it. */
  onActor?: (actor: CheckoutActorRef | null) => void;
  /** An injected staff-style checkout without the email notification (./wiring.ts `suppressEmailFrom`). */
  suppressEmail?: boolean;
}) {
  const termsModal = useModal('terms');
  // Spec 2 §2: the gift card field (and its chunk) only when the seller takes gift cards and the cart is
  // modifiable; a card posted at submit is spent, the field is told through this handle.
  const giftCardsShown = giftCardFieldShown(useCartModifiable(cart), giftCards);
  const giftCardControl = useRef<GiftCardControl | null>(null);
  const { api, strings, inspect, app, config } = useServices();
  const cartActor = useCartActor();
  // A gift membership's cart: 'Pay for your Gift to {name}', made a gift before the payment.
  const giftee = useMemo(() => readGiftee(storage, config.sellerId, cart.id), [config.sellerId, cart.id]);
  const gift = useMemo(() => (giftee ? giftApplier(api, giftee) : null), [api, giftee]);
  // A logged-in member's gift with nothing to pay names the giftee and the giver (spec 2 §7).
  const giverIdentityId = useSession((s) => s.context.current?.member.identityId ?? null);
  const giftFreeCheckout = useMemo(
    () => (gift && giverIdentityId ? memberGiftFreeCheckout(api, gift, giverIdentityId) : null),
    [api, gift, giverIdentityId],
  );
  const { navigate } = useAppNavigate();
  const [paymentFailed] = useState(() => paymentFailedState());
  // Spec 2 §4: the postcode-as-discount-code option disables wallets.
  const { payment, adapter, failed } = usePayment(cart, walletsAllowed(zipCodeDiscount));
  // Issue 23: the seller's captcha, for a guest only (spec 2 §6: members never see one).
  const sellerCaptcha = useSellerCaptcha(config.captcha, api);
  const captcha = isLoggedIn(app) ? null : sellerCaptcha;

  const zipCode =
    zipCodeRule?.zipCodeToApply({
      optionOn: zipCodeDiscount,
      zip: sessionOf(app).getSnapshot().context.current?.member.meta.zip_code,
      currency: config.currency,
      appliedCodes: cart.promoCodes ?? [],
    }) ?? null;
  const machine = useMemo(
    () =>
      provideCheckout({
        api,
        payment,
        refreshCart: () => cartActor.send({ type: 'cart.refresh' }),
        completed: (orderIds) => {
          onLeaving();
          if (orderEdit) orderEdit.completed();
          else navigate(`/checkout/complete?orderIds=${orderIds.map(encodeURIComponent).join(',')}`);
          cartActor.send({ type: 'cart.clear' });
        },
        pending: (cartId, debit) => {
          onLeaving();
          navigate(`/checkout/pending/${encodeURIComponent(cartId)}`, debit ? { state: { debit } } : {});
        },
        gift,
        giftFreeCheckout,
        // GA4 begin_checkout and purchase on window.dataLayer when the seller turns analytics on.
        analytics: config.dataLayer ? checkoutAnalytics : undefined,
        currentCart: () => selectCart(cartActor.getSnapshot()),
        cartUpdated: (fresh) => cartActor.send({ type: 'cart.updated', cart: fresh }),
        giftCardSpent: (cardNumber) => giftCardControl.current?.spent(cardNumber),
        // Spec 2 §4: after a partial payment the cart is refreshed (the answer's) and the page scrolls to the top
        // (the success message is there; the card element is cleared by its key, the terms unticked).
        partPaid: (fresh) => {
          cartActor.send({ type: 'cart.updated', cart: fresh });
          window.scrollTo?.({ top: 0 });
        },
        zipCodeTriedOn: (cartId, code) => {
          const current = selectCart(cartActor.getSnapshot());
          if (current?.id === cartId) zipCodeRule?.markZipCodeTried(storage, config.sellerId, current, code);
        },
        captcha: captcha?.port ?? null,
        suppressEmail,
      }),
    [
      api,
      payment,
      cartActor,
      navigate,
      onLeaving,
      orderEdit,
      gift,
      giftFreeCheckout,
      config.dataLayer,
      config.sellerId,
      zipCodeRule,
      captcha,
      suppressEmail,
    ],
  );
  const actor = useActorRef(machine, {
    input: {
      cart,
      // Spec 2 §2: "Your information" only when the seller's public identity owns the cart; a member's own
      // cart is checked out with their account's identity (my/ endpoints), no purchaser is stored on it.
      identityFormShown: identityFormShownFor(cart, config.publicIdentityId ?? null, isLoggedIn(app)),
      gift: giftee !== null,
      // The machine follows the app cart itself (removals in the widget, the refresh after a card error).
      cartActor,
      termsShown: termsHtml !== null,
      // A member's account, else what the cart already knows (a purchaser given before a payment that failed).
      prefill: checkoutPrefill(sessionOf(app).getSnapshot().context.current) ?? cartPrefill(cart),
      // Spec 2 §4: a logged-in member's zip code, when it matches the seller's pattern, is applied as a code
      // (once per cart and ticket count).
      zipCode:
        zipCode && !zipCodeRule?.zipCodeTried(storage, config.sellerId, cart, zipCode) ? zipCode : null,
      // Back from the pending page (issue 19): the processing payment failed; the form says so.
      paymentFailed,
      captcha: captcha !== null,
      // The gift cards applied before (the app cart keeps them while the field is shown).
      ...(giftCardsShown && cart.giftCards ? { giftCards: cart.giftCards } : {}),
      // Spec 2 §4: a cart on a payment plan pays the due amount until the panel chooses.
      instalmentCents: cart.scheduledPayments?.length
        ? listedDueCents(cart.scheduledPayments, cart.totals.outstandingCents)
        : null,
    },
    inspect,
  });
  // The country and subdivision lists load with the selects, only when the form asks a country or a state.
  const places = usePlaces(
    identityFormShownFor(cart, config.publicIdentityId ?? null, isLoggedIn(app)) &&
      identityFields(cart).some((f) => f.key === 'country' || f.key === 'state'),
  );
  const view = useSelector(actor, (s) => selectCheckoutView(s, places));
  const wallets = useMemo<WalletHandlers>(
    () => ({
      onApprove: ({ source, identity }) => actor.send({ type: 'wallet.approve', source, identity }),
      onCancel: () => actor.send({ type: 'wallet.cancel' }),
    }),
    [actor],
  );
  const instalmentChanged = useCallback(
    (amountCents: number) => actor.send({ type: 'instalment.change', amountCents }),
    [actor],
  );
  // The actor itself, not its state, goes up: the footer's button selects from it.
  useEffect(() => {
    onActor?.(actor);
    return () => onActor?.(null);
  }, [onActor, actor]);
  const scheduled = (view.cart.scheduledPayments ?? []).length > 0;
  const giftCardsChanged = useCallback(
    (cards: GiftCardPayment[]) => actor.send({ type: 'giftCards.change', cards }),
    [actor],
  );
  // The blocked-cart form and the promo code box decide in their own chunk whether they show (spec 2 §2).
  const promo = (place: 'blocked' | 'promo') => (
    <Suspense fallback={null}>
      <PromoCodeFlow place={place} showPromoCodes={showPromoCodes} cardAmountCents={view.totalCents} />
    </Suspense>
  );

  return (
    <>
      <CheckoutView
        strings={strings}
        currency={cart.currency}
        title={
          giftee
            ? fill(strings.giftCheckoutTitle, { name: `${giftee.first} ${giftee.last}`.trim() })
            : strings.paymentInformation
        }
        showIdentityForm={view.identityFormShown}
        fields={view.fields}
        values={view.values}
        addressInput={
          config.addressLookup && view.addressLookupCountry
            ? (field) => (
                <Suspense
                  fallback={
                    <input
                      id={field.id}
                      name="address"
                      type="text"
                      autoComplete="address-line1"
                      value={view.values.address ?? ''}
                      onChange={(e) =>
                        actor.send({ type: 'field.change', name: 'address', value: e.target.value })
                      }
                    />
                  }
                >
                  <AddressLookupFlow
                    key={view.addressLookupCountry}
                    field={field}
                    country={view.addressLookupCountry as LookupCountry}
                    value={view.values.address ?? ''}
                    onFieldChange={(name, value) => actor.send({ type: 'field.change', name, value })}
                    onFocus={() => actor.send({ type: 'field.focus', name: 'address' })}
                  />
                </Suspense>
              )
            : undefined
        }
        fieldErrors={view.fieldErrors}
        formError={view.formError}
        status={view.status}
        errorVersion={view.errorVersion}
        cardRefused={view.cardRefused}
        totalCents={view.totalCents}
        submitting={view.submitting}
        busy={view.busy}
        canSubmit={view.canSubmit}
        walletPostcodeNote={view.walletPostcodeNote}
        notice={partialPaymentText(strings, view.partialPayment, view.cart)}
        noticeVersion={view.partialPayments}
        cardForm={
          view.cardNeeded && adapter ? (
            // Spec 2 §4: a partial payment clears the card element (a new one per payment made).
            <Fragment key={view.partialPayments}>
              {adapter.renderCardForm({
                disabled: view.submitting,
                // Spec 2 §4: wallets (Apple Pay, Google Pay) unless the zip-code discount option is on.
                wallets: walletsAllowed(zipCodeDiscount) ? wallets : null,
              })}
            </Fragment>
          ) : null
        }
        scheduledPayments={
          scheduled ? (
            <Suspense fallback={null}>
              <ScheduledPaymentsFlow
                cart={view.cart}
                disabled={view.submitting}
                onAmountChange={instalmentChanged}
              />
            </Suspense>
          ) : null
        }
        cardUnavailable={view.cardNeeded && failed ? { key: 'providerUnavailable' } : null}
        onFieldChange={(name, value) => actor.send({ type: 'field.change', name, value })}
        onFieldFocus={() => actor.send({ type: 'field.focus' })}
        termsShown={view.termsShown}
        termsAccepted={view.termsAccepted}
        onTermsChange={(accepted) => actor.send({ type: 'terms.change', accepted })}
        onOpenTerms={termsModal.open}
        onSubmit={() => actor.send({ type: 'submit' })}
        donationForm={
          // The chunk loads when the seller offers a donation group; it decides whether the form shows (spec 2 §2).
          donationGroupId ? (
            <Suspense fallback={null}>
              <DonationFlow groupId={donationGroupId} cart={cart} gift={giftee !== null} />
            </Suspense>
          ) : null
        }
        blockedForm={promo('blocked')}
        promoBox={promo('promo')}
        giftCardField={
          giftCardsShown ? (
            <Suspense fallback={null}>
              <GiftCardFlow
                onCardsChange={giftCardsChanged}
                control={giftCardControl}
                checkoutActor={actor}
              />
            </Suspense>
          ) : null
        }
      />
      {captcha ? (
        <Suspense fallback={null}>
          <captcha.Host strings={strings} onExpire={() => actor.send({ type: 'captcha.expired' })} />
        </Suspense>
      ) : null}
      {termsModal.modal && termsHtml ? (
        <Suspense fallback={null}>
          <TermsDialog
            strings={strings}
            html={termsHtml}
            closing={termsModal.modal.closing}
            onAccept={() => {
              actor.send({ type: 'terms.change', accepted: true });
              termsModal.close();
            }}
            onDecline={() => {
              actor.send({ type: 'terms.change', accepted: false });
              termsModal.close();
            }}
            onDismiss={termsModal.dismiss}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Spec 2 §8 after a partial payment: "You have successfully made a payment of {amount}. Your next payment of
 * {amount} is due on {date}." (money in the cart's currency, the date in the seller's day format).
 */
function partialPaymentText(
  strings: Strings,
  payment: PartialPayment | null,
  cart: CartModel,
): string | null {
  if (!payment) return null;
  const money = (cents: number) => formatMoney(cents, cart.currency);
  if (!payment.next) return fill(strings.partialPaymentMadeLast, { amount: money(payment.amountCents) });
  return fill(strings.partialPaymentMade, {
    amount: money(payment.amountCents),
    amount2: money(payment.next.amountCents),
    date: formatDate(payment.next.dueDate, cart.items[0]?.timezone ?? 'UTC'),
  });
}
