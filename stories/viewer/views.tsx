/**
 * "See it": each flow's real `ui/` view rendered from its view-model selector over the stepped snapshot,
 * with the view's callbacks sending events to the stepped actor (they join the trail in the URL).
 */
import type { ReactNode } from 'react';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { type AccountSnapshot, accountCallbacks, selectAccountView } from '../../machines/account/view';
import { type AppSnapshot, selectAppView } from '../../machines/app/view';
import type { CartSnapshot } from '../../machines/cart/selectors';
import { selectCartWidgetView } from '../../machines/cart/view';
import type { CheckoutSnapshot } from '../../machines/checkout/selectors';
import { selectCheckoutView } from '../../machines/checkout/view';
import { type DonationSnapshot, selectDonationView } from '../../machines/donation/view';
import {
  type EmailSubmitSnapshot,
  emailSubmitCallbacks,
  selectEmailSubmitView,
} from '../../machines/emailSubmit/view';
import { type GiftCardSnapshot, giftCardCallbacks, selectGiftCardView } from '../../machines/giftCard/view';
import { type ModalsSnapshot, selectModals } from '../../machines/modals/view';
import {
  type PasswordResetSnapshot,
  passwordResetCallbacks,
  selectPasswordResetView,
} from '../../machines/passwordReset/view';
import { type PendingOrderSnapshot, selectPendingOrderView } from '../../machines/pendingOrder/view';
import {
  type PromoCodeSnapshot,
  promoCodeCallbacks,
  selectPromoCodeView,
} from '../../machines/promoCode/view';
import type { TicketFormChildEvent } from '../../machines/reserve/core/ticket-form';
import type { DateFirstReserveSnapshot } from '../../machines/reserve/dateFirstReserve.selectors';
import {
  dateFirstReserveCallbacks,
  selectDateFirstReserveView,
} from '../../machines/reserve/dateFirstReserve.view';
import {
  type OneTicketReserveSnapshot,
  oneTicketCallbacks,
  selectOneTicketView,
} from '../../machines/reserve/oneTicketReserve.view';
import {
  type QuantityFirstReserveSnapshot,
  quantityFirstReserveCallbacks,
  selectQuantityFirstReserveView,
} from '../../machines/reserve/quantityFirstReserve.view';
import {
  type SingleEventReserveSnapshot,
  selectSingleEventView,
  singleEventCallbacks,
} from '../../machines/reserve/singleEventReserve.view';
import { type SetEmailSnapshot, selectSetEmailView, setEmailCallbacks } from '../../machines/setEmail/view';
import { selectVerifyEmailView, type VerifyEmailSnapshot } from '../../machines/verifyEmail/view';
import { AccountFormView } from '../../ui/account/AccountFormView';
import { EmailSubmitView } from '../../ui/account/EmailSubmitView';
import { PasswordResetView } from '../../ui/account/PasswordResetView';
import { SetEmailView } from '../../ui/account/SetEmailView';
import { VerifyEmailView } from '../../ui/account/VerifyEmailView';
import { CartExpiredDialog } from '../../ui/CartExpiredDialog';
import { CartWidget } from '../../ui/CartWidget';
import { CheckoutView } from '../../ui/checkout/CheckoutView';
import { DonationForm } from '../../ui/checkout/DonationForm';
import { GiftCardField } from '../../ui/checkout/GiftCardField';
import { PendingView } from '../../ui/checkout/PendingView';
import { PromoCodeBox } from '../../ui/checkout/PromoCodeBox';
import { DateFirstReserve } from '../../ui/reserve/DateFirstReserve';
import { OneTicketPicker } from '../../ui/reserve/OneTicketPicker';
import { QuantityFirstReserve } from '../../ui/reserve/QuantityFirstReserve';
import { SingleEventReserve } from '../../ui/reserve/SingleEventReserve';
import { fill, type Strings } from '../../ui/strings';

export interface StoryViewProps {
  snapshot: AnyMachineSnapshot;
  /** Sends to the stepped actor: any event of the flow (the views' callbacks send the flow's own events). */
  send: <E extends EventObject>(event: E) => void;
  strings: Strings;
}

const noop = () => {};

function CartStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectCartWidgetView(snapshot as unknown as CartSnapshot);
  return (
    <>
      <CartWidget
        strings={strings}
        currency={view.cart?.currency ?? 'USD'}
        items={view.items}
        lines={view.lines}
        total={view.total}
        timer={view.timer}
        busy={view.busy}
        checkoutHref="#checkout"
        onNavigate={noop}
        onAskRemove={({ ticketIds }) => send({ type: 'cart.remove', ticketIds })}
      />
      {view.expired ? (
        <CartExpiredDialog strings={strings} onConfirm={() => send({ type: 'expiry.confirm' })} />
      ) : null}
    </>
  );
}

function ReserveStoryView({ snapshot, send, strings }: StoryViewProps) {
  const flow = snapshot as unknown as DateFirstReserveSnapshot;
  const view = selectDateFirstReserveView(flow);
  // The form is the flow's child: its fields go to it (a path replayed without the child shows none).
  const sendForm = (event: TicketFormChildEvent) => flow.children.ticketForm?.send(event);
  return (
    <DateFirstReserve
      strings={strings}
      currency="USD"
      view={view}
      calendar={null}
      onShowMore={noop}
      onCloseCalendar={noop}
      onDismissCalendar={noop}
      {...dateFirstReserveCallbacks(send, sendForm)}
    />
  );
}

function SingleEventStoryView({ snapshot, send, strings }: StoryViewProps) {
  const flow = snapshot as unknown as SingleEventReserveSnapshot;
  const view = selectSingleEventView(flow);
  // The form is the flow's child: its fields go to it (a path replayed without the child shows none).
  const sendForm = (event: TicketFormChildEvent) => flow.children.ticketForm?.send(event);
  return (
    <SingleEventReserve
      strings={strings}
      currency="USD"
      view={view}
      {...singleEventCallbacks(send, sendForm)}
    />
  );
}

function OneTicketStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectOneTicketView(snapshot as unknown as OneTicketReserveSnapshot);
  return <OneTicketPicker strings={strings} currency="USD" view={view} {...oneTicketCallbacks(send)} />;
}

function QuantityFirstStoryView({ snapshot, send, strings }: StoryViewProps) {
  const flow = snapshot as unknown as QuantityFirstReserveSnapshot;
  const view = selectQuantityFirstReserveView(flow);
  // The form is the flow's child: its fields go to it (a path replayed without the child shows none).
  const sendForm = (event: TicketFormChildEvent) => flow.children.ticketForm?.send(event);
  return (
    <QuantityFirstReserve
      strings={strings}
      currency="USD"
      view={view}
      formId="story-quantity-first"
      showFooter
      calendar={null}
      onShowMore={noop}
      onCloseCalendar={noop}
      onDismissCalendar={noop}
      {...quantityFirstReserveCallbacks(send, sendForm)}
    />
  );
}

function CheckoutStoryView({ snapshot, send, strings }: StoryViewProps) {
  const s = snapshot as unknown as CheckoutSnapshot;
  const view = selectCheckoutView(s);
  return (
    <CheckoutView
      strings={strings}
      currency={s.context.cart.currency}
      title={strings.paymentInformation}
      showIdentityForm={s.context.identityFormShown}
      fields={view.fields}
      values={view.values}
      fieldErrors={view.fieldErrors}
      formError={view.formError}
      status={view.status}
      errorVersion={view.errorVersion}
      totalCents={view.totalCents}
      submitting={view.submitting}
      busy={view.busy}
      canSubmit={view.canSubmit}
      cardForm={
        view.cardNeeded ? <p className="message">The payment adapter’s card form goes here.</p> : null
      }
      onFieldChange={(name, value) => send({ type: 'field.change', name, value })}
      onFieldFocus={() => send({ type: 'field.focus', name: 'firstName' })}
      onSubmit={() => send({ type: 'submit' })}
    />
  );
}

/** The modal stack's view model as a list (real dialogs would make the viewer inert). */
function ModalsStoryView({ snapshot }: StoryViewProps) {
  const view = selectModals(snapshot as unknown as ModalsSnapshot);
  if (view.modals.length === 0) return <p>No modal is open; the page is interactive.</p>;
  return (
    <ol className="stories-modals" aria-label="Modal stack, bottom to top">
      {view.modals.map((modal) => (
        <li key={modal.name}>
          <strong>{modal.name}</strong> — {modal.size}, {modal.closeable ? 'closeable' : 'not closeable'}
          {modal.closing ? ', closing' : ''}
          {modal.top ? ' (top, has focus)' : ''}
        </li>
      ))}
    </ol>
  );
}

/** The app root has no screen of its own: its app-wide children, each with its system id and state. */
function AppStoryView({ snapshot }: StoryViewProps) {
  const view = selectAppView(snapshot as unknown as AppSnapshot);
  return (
    <section aria-label="App-wide actors">
      <dl className="stories-children">
        {view.children.map((child) => (
          <div key={child.name}>
            <dt>{child.systemId}</dt>
            <dd>{child.state || '(running)'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An email-submit page (the resend, forgot-membership or forgot-password texts by the input's kind). */
function EmailSubmitStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectEmailSubmitView(snapshot as unknown as EmailSubmitSnapshot);
  const texts = {
    resend: [strings.resendTitle, strings.before_resend_tickets, strings.resendSubmit, strings.resendSent],
    forgotMembership: [
      strings.forgotMembershipTitle,
      strings.forgot_membership_instructions,
      strings.forgotMembershipSubmit,
      strings.forgot_membership_message,
    ],
    forgotPassword: [
      strings.forgotPasswordTitle,
      strings.forgotPasswordIntro,
      strings.forgotPasswordSubmit,
      strings.forgotPasswordSent,
    ],
  }[view.kind];
  return (
    <EmailSubmitView
      strings={strings}
      idPrefix={`story-${view.kind}`}
      title={texts[0] ?? ''}
      introHtml={texts[1] ?? ''}
      submitLabel={texts[2] ?? ''}
      email={view.email}
      maxLength={view.maxLength}
      fieldError={view.fieldError}
      formError={view.formError}
      errorVersion={0}
      submitting={view.submitting}
      sent={view.sentTo !== null ? fill(texts[3] ?? '', { email: view.sentTo }) : null}
      sentTone={view.kind === 'forgotMembership' ? 'warning' : 'success'}
      onNavigate={noop}
      {...emailSubmitCallbacks(send)}
    />
  );
}

function PasswordResetStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectPasswordResetView(snapshot as unknown as PasswordResetSnapshot);
  return (
    <PasswordResetView
      strings={strings}
      stage={view.stage}
      email={view.email}
      password={view.password}
      confirm={view.confirm}
      maxLength={view.maxLength}
      requirements={view.requirements}
      passwordError={view.fieldErrors.password ?? null}
      confirmError={view.fieldErrors.confirm ?? null}
      formError={view.formError}
      errorVersion={0}
      submitting={view.submitting}
      forgotPasswordHref="#forgot-password"
      onNavigate={noop}
      {...passwordResetCallbacks(send)}
      onLogin={noop}
    />
  );
}

function AccountStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectAccountView(snapshot as unknown as AccountSnapshot);
  return (
    <AccountFormView
      strings={strings}
      mode={view.mode}
      stage={view.stage}
      fields={view.fields}
      values={view.values}
      passwordMaxLength={view.passwordMaxLength}
      email={view.email}
      fieldErrors={view.fieldErrors}
      formError={view.formError}
      notice={view.notice}
      errorVersion={0}
      submitting={view.submitting}
      createdEmail={view.createdEmail}
      headingLevel={1}
      onLogin={noop}
      setEmailHref="#set-email"
      onNavigate={noop}
      {...accountCallbacks(send)}
    />
  );
}

function SetEmailStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectSetEmailView(snapshot as unknown as SetEmailSnapshot);
  return (
    <SetEmailView
      strings={strings}
      email={view.email}
      confirm={view.confirm}
      maxLength={view.maxLength}
      emailError={view.fieldErrors.email ?? null}
      confirmError={view.fieldErrors.confirm ?? null}
      formError={view.formError}
      errorVersion={0}
      submitting={view.submitting}
      sentTo={view.sentTo}
      {...setEmailCallbacks(send)}
    />
  );
}

function VerifyEmailStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectVerifyEmailView(snapshot as unknown as VerifyEmailSnapshot);
  return (
    <VerifyEmailView
      strings={strings}
      stage={view.stage}
      formError={view.formError}
      setEmailHref="#set-email"
      homeHref="#home"
      onNavigate={noop}
      onRetry={() => send({ type: 'retry' })}
    />
  );
}

function PendingOrderStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectPendingOrderView(snapshot as unknown as PendingOrderSnapshot);
  return <PendingView strings={strings} {...view} onRetry={() => send({ type: 'retry' })} />;
}

/** The promo code box, or the blocked-cart form with the demo rule's description. */
function PromoCodeStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectPromoCodeView(snapshot as unknown as PromoCodeSnapshot);
  return (
    <PromoCodeBox
      strings={strings}
      {...view}
      {...(view.kind === 'blocked'
        ? { descriptions: ['Educator tickets need your educator code. Please enter it to continue.'] }
        : {})}
      {...promoCodeCallbacks(send)}
    />
  );
}

function DonationStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectDonationView(snapshot as unknown as DonationSnapshot);
  if (!view.shown)
    return <p>{view.loading ? strings.loading : 'No donation form (no group, or no amount).'}</p>;
  return (
    <DonationForm
      strings={strings}
      currency="USD"
      {...view}
      onChoose={(ticketTypeId) => send({ type: 'amount.choose', ticketTypeId })}
      onAmountChange={(value) => send({ type: 'amount.change', value })}
      onSubmit={() => send({ type: 'submit' })}
      onRemove={() => send({ type: 'remove' })}
    />
  );
}

/** Checkout's gift card field (the story has no cart: the applied cards are its own). */
function GiftCardStoryView({ snapshot, send, strings }: StoryViewProps) {
  const view = selectGiftCardView(snapshot as unknown as GiftCardSnapshot);
  return <GiftCardField strings={strings} currency="USD" {...view} {...giftCardCallbacks(send)} />;
}

/** The view of each flow that has one, keyed by machine id. */
export const storyViews: Record<string, (props: StoryViewProps) => ReactNode> = {
  account: AccountStoryView,
  app: AppStoryView,
  cart: CartStoryView,
  checkout: CheckoutStoryView,
  dateFirstReserve: ReserveStoryView,
  donation: DonationStoryView,
  giftCard: GiftCardStoryView,
  modals: ModalsStoryView,
  oneTicketReserve: OneTicketStoryView,
  singleEventReserve: SingleEventStoryView,
  quantityFirstReserve: QuantityFirstStoryView,
  emailSubmit: EmailSubmitStoryView,
  passwordReset: PasswordResetStoryView,
  pendingOrder: PendingOrderStoryView,
  promoCode: PromoCodeStoryView,
  setEmail: SetEmailStoryView,
  verifyEmail: VerifyEmailStoryView,
};
