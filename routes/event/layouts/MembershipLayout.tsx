/**
 * The 'membership' layout (spec 1 §2 layout 1; spec 3 §2 "Membership purchase form"): buy, renew
 * (`/events/{id}/renew`) or gift (`/events/{id}/gift`) a membership. Gets the membership purchase actor,
 * selects its view model, renders the form; forwards the session's member (renew prefills after a login
 * mid-form) and the app cart's ticket count (the gift needs an empty cart) to the machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { loadMembershipConfig } from '../../../api/membership-config';
import type { MembershipMode } from '../../../machines/membership/types';
import { selectMembershipFormView } from '../../../machines/membership/view';
import { AppLink } from '../../../ui/AppLink';
import { createMembershipLabels } from '../../../ui/membership/labels';
import { MembershipForm } from '../../../ui/membership/MembershipForm';
import { ReserveSkeleton } from '../../../ui/skeleton/ReserveSkeleton';
import { cartOf, modalsOf, reservableCartId } from '../../app/root';
import { useCart, useServices, useSession } from '../../app/services';
import { useAfterReserve } from '../../app/upsell-steps';
import { flowModalActions, useFlowModal } from '../../app/useFlowModal';
import { useAppNavigate } from '../../navigation';
import { storage } from '../../storage';
import { useLoad } from '../../useLoad';
import { provideMembershipPurchase, purchaseMemberOf } from '../membership-wiring';
import type { LayoutProps } from './types';

const LoginOrGuestDialog = lazy(() =>
  import('../../../ui/membership/LoginOrGuestDialog').then((m) => ({ default: m.LoginOrGuestDialog })),
);

export const modeOf = (action: string | undefined): MembershipMode =>
  action === 'renew' ? 'renew' : action === 'gift' ? 'gift' : 'buy';

export default function MembershipLayout({ event, action }: LayoutProps) {
  const { api, strings, config: runtime } = useServices();
  const settings = useLoad(
    (signal) => loadMembershipConfig(api.request, runtime.sellerId, { signal }),
    'membership-config',
  );
  if (settings.status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  const config = settings.status === 'ready' ? settings.data : null;
  return (
    <MembershipFlow
      key={`${event.id}|${action ?? ''}`}
      eventId={event.id}
      eventName={event.name}
      mode={modeOf(action)}
      askToAutorenew={config?.askToAutorenew ?? false}
      renewalPeriodDays={config?.renewalPeriodDays ?? 0}
      timezone={event.venue.timezone}
      meta={event.meta}
    />
  );
}

function MembershipFlow(props: {
  eventId: string;
  eventName: string;
  mode: MembershipMode;
  askToAutorenew: boolean;
  renewalPeriodDays: number;
  timezone: string;
  meta: Record<string, string>;
}) {
  const { api, strings, inspect, config, app, clock, portalStrings } = useServices();
  const labels = useMemo(() => createMembershipLabels(portalStrings), [portalStrings]);
  const { navigate, href } = useAppNavigate();
  const afterReserve = useAfterReserve(props.eventId);
  const session = useSession((s) => s.context.current);
  const ticketCount = useCart((s) => s.context.cart?.ticketCount ?? 0);
  const machine = useMemo(
    () =>
      provideMembershipPurchase({
        api,
        currentCartId: () => reservableCartId(app),
        reserved: (cart, gift) => afterReserve(cart, gift ? { skipUpsells: true } : {}),
        goBack: () => {
          if (window.history.length > 1) window.history.back();
          else navigate('/events');
        },
        openLogin: () => modalsOf(app).send({ type: 'modal.open', name: 'login' }),
        loginOrGuestDialog: flowModalActions((event) => modalsOf(app).send(event), 'loginOrGuest'),
        storage,
        sellerId: config.sellerId,
      }),
    [api, app, afterReserve, navigate, config.sellerId],
  );
  const flag = (key: string) =>
    ['1', 'on', 'enabled', 'true', 't', 'yes', 'y'].includes((props.meta[key] ?? '').toLowerCase());
  const actor = useActorRef(machine, {
    input: {
      event: { id: props.eventId, name: props.eventName },
      mode: props.mode,
      settings: {
        askToAutorenew: props.askToAutorenew,
        extendEnabled: flag('membership_extend'),
        preventUpdates: flag('prevent_membership_updates'),
        renewalPeriodDays: props.renewalPeriodDays,
        physicalCard: flag('physical_card'),
        timezone: props.timezone,
      },
      member: purchaseMemberOf(session),
      cartTicketCount: ticketCount,
      // The machine follows the app cart's ticket count itself.
      cartActor: cartOf(app),
      now: clock.now(),
    },
    inspect,
  });
  const view = useSelector(actor, selectMembershipFormView);
  const loginOrGuest = useFlowModal('loginOrGuest', view.askingLoginOrGuest, () =>
    actor.send({ type: 'gift.dismiss' }),
  );

  // The session's member (and, logged in, their memberships with members) reach the machine as they change.
  const identityId = session?.member.identityId ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the logged-in identity, not every snapshot
  useEffect(() => {
    const controller = new AbortController();
    if (!session) {
      actor.send({ type: 'member.changed', member: null });
      return;
    }
    actor.send({ type: 'member.changed', member: purchaseMemberOf(session) });
    if (props.mode === 'renew')
      api.membership.mine({ signal: controller.signal }).then(
        (details) => {
          if (!controller.signal.aborted)
            actor.send({ type: 'member.changed', member: purchaseMemberOf(session, details) });
        },
        () => {},
      );
    return () => controller.abort();
  }, [identityId, actor, api]);

  // code_not_found is rethrown (spec 3 §8): shown as an unhandled error is, its message and a Reload button.
  if (view.thrown)
    return (
      <div className="message message--error" role="alert">
        <p>{view.thrown.description?.trim() || strings.errorUnexpectedLater}</p>
        <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
          {strings.reload}
        </button>
      </div>
    );

  return (
    <>
      <MembershipForm
        strings={strings}
        labels={labels}
        currency={config.currency}
        view={view}
        selfGiftLink={
          <AppLink href={href(`/events/${encodeURIComponent(props.eventId)}`)} onNavigate={navigate}>
            {labels.membershipRenewLink}
          </AppLink>
        }
        cartLink={
          <AppLink href={href('/checkout')} onNavigate={navigate}>
            {labels.membershipCartLink}
          </AppLink>
        }
        onLevel={(levelId) => actor.send({ type: 'level.select', levelId })}
        onExtend={(value) => actor.send({ type: 'extend.change', value })}
        onMember={(index, field, value) => actor.send({ type: 'member.change', index, field, value })}
        onOptional={(count) => actor.send({ type: 'optional.set', count })}
        onUnnamed={(count) => actor.send({ type: 'unnamed.set', count })}
        onSurvey={(name, value) => actor.send({ type: 'survey.change', name, value })}
        onAutoRenew={(value) => actor.send({ type: 'autoRenew.set', value })}
        onRecipient={(field, value) => actor.send({ type: 'recipient.change', field, value })}
        onSubmit={() => actor.send({ type: 'submit' })}
        onBack={() => actor.send({ type: 'back' })}
        onRetry={() => actor.send({ type: 'retry' })}
      />
      {loginOrGuest ? (
        <Suspense fallback={null}>
          <LoginOrGuestDialog
            strings={strings}
            labels={labels}
            closing={loginOrGuest.closing}
            onGuest={() => actor.send({ type: 'gift.asGuest' })}
            onLogin={() => actor.send({ type: 'gift.login' })}
            onDismiss={() => actor.send({ type: 'gift.dismiss' })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
