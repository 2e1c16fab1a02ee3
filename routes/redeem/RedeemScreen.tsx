/**
 * /membership/redeem (spec 3 §2 "Redeem membership page"): without a membership event configured, on to the
 * membership route; otherwise the redeem flow (the `giftRedeem` machine) with the code from `?gift_code`.
 */

import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { loadMembershipConfig } from '../../api/membership-config';
import { loadUpsells } from '../../api/upsells';
import { selectGiftRedeemView } from '../../machines/membership/giftRedeem.view';
import { GiftRedeemView } from '../../ui/account/GiftRedeemView';
import { RedeemMembers, type RedeemMemberValue } from '../../ui/account/RedeemMembers';
import { createMembershipLabels } from '../../ui/membership/labels';
import { withMembershipStrings } from '../../ui/membership-strings';
import { currentMember } from '../account/member';
import { isRedeemCart, writeRedeemFlag } from '../app/redeem-storage';
import { cartOf, currentCartId, modalsOf, reservableCartId, upsellOf } from '../app/root';
import { useServices } from '../app/services';
import { flowModalActions, useFlowModal } from '../app/useFlowModal';
import { useAppNavigate } from '../navigation';
import { storage } from '../storage';
import { useLoad } from '../useLoad';
import { provideGiftRedeem } from './wiring';

export default function RedeemScreen() {
  const { api, config, strings: catalogue } = useServices();
  const strings = useMemo(() => withMembershipStrings(catalogue), [catalogue]);
  const { navigate } = useAppNavigate();
  const eventId = useLoad(
    (signal) =>
      loadMembershipConfig(api.request, config.sellerId, { signal }).then((c) => c.membershipEventId),
    'redeem',
  );
  const missing = eventId.status === 'ready' && eventId.data === null;
  useEffect(() => {
    if (missing) navigate('/membership', { replace: true });
  }, [missing, navigate]);
  useEffect(() => {
    document.title = `${strings.redeemTitle} — ${config.sellerName}`;
  }, [strings, config.sellerName]);
  if (eventId.status === 'error')
    return (
      <p className="message message--error" role="alert">
        {strings.errorUnexpectedLater}
      </p>
    );
  if (eventId.status !== 'ready' || eventId.data === null) return <p role="status">{strings.loading}</p>;
  return <RedeemFlow membershipEventId={eventId.data} />;
}

function RedeemFlow({ membershipEventId }: { membershipEventId: string }) {
  const { api, app, clock, config, strings: catalogue, inspect, portalStrings } = useServices();
  const strings = useMemo(() => withMembershipStrings(catalogue), [catalogue]);
  const labels = useMemo(() => createMembershipLabels(portalStrings), [portalStrings]);
  const { navigate } = useAppNavigate();
  const search = useSearch();
  const giftCode = useMemo(() => new URLSearchParams(search).get('gift_code'), [search]);
  const machine = useMemo(
    () =>
      provideGiftRedeem({
        api,
        clock,
        membershipEventId,
        cart: () => cartOf(app).getSnapshot().context.cart,
        cartId: () => reservableCartId(app),
        cartUpdated: (cart) => cartOf(app).send({ type: 'cart.updated', cart }),
        clearCart: () => cartOf(app).send({ type: 'cart.clear' }),
        upsells: async (signal) => {
          if (upsellOf(app).get()?.getSnapshot().context.expressCheckout) return null;
          return loadUpsells(api.request, config.sellerId, { signal });
        },
        goTo: (path) => navigate(path),
        cartDialog: flowModalActions((event) => modalsOf(app).send(event), 'redeemCart'),
        redeemFlag: {
          isSet: () => isRedeemCart(storage, config.sellerId, currentCartId(app)),
          mark: (cartId) => writeRedeemFlag(storage, config.sellerId, cartId),
        },
      }),
    [api, app, clock, config.sellerId, membershipEventId, navigate],
  );
  const actor = useActorRef(machine, { input: { giftCode }, inspect });
  const view = useSelector(actor, selectGiftRedeemView);
  const cartDialog = useFlowModal('redeemCart', view.cartConflict, () =>
    actor.send({ type: 'cart.dismiss' }),
  );
  const level = view.levels.find((l) => l.id === view.levelId) ?? null;
  const slots = level?.named ?? [];
  const [members, setMembers] = useState<RedeemMemberValue[]>(() => {
    const me = currentMember(app);
    return me ? [{ firstName: me.firstName ?? '', lastName: me.lastName ?? '', email: me.email ?? '' }] : [];
  });
  return (
    <GiftRedeemView
      strings={strings}
      currency={cartOf(app).getSnapshot().context.cart?.currency ?? 'USD'}
      code={view.code}
      codeLength={view.codeLength}
      codeError={view.codeError}
      lookingUp={view.lookingUp}
      showForm={view.showForm}
      levels={view.levels}
      levelId={view.levelId}
      canRedeem={view.canRedeem}
      redeeming={view.redeeming}
      cartConflict={cartDialog !== null}
      cartConflictClosing={cartDialog?.closing ?? false}
      formError={view.formError}
      errorVersion={view.errorVersion}
      memberForm={
        slots.length > 0 ? (
          <RedeemMembers
            strings={strings}
            labels={labels}
            slots={slots}
            values={members}
            onChange={(index, value) =>
              setMembers((current) => {
                const next = [...current];
                next[index] = value;
                return next;
              })
            }
          />
        ) : null
      }
      onCodeChange={(value) => actor.send({ type: 'code.change', value })}
      onCodeSubmit={() => actor.send({ type: 'submit' })}
      onLevelSelect={(levelId) => actor.send({ type: 'level.select', levelId })}
      onRedeem={() =>
        actor.send({
          type: 'redeem',
          details: {
            members: slots.map((slot, i) => ({
              partyRole: slot.partyRole,
              firstName: members[i]?.firstName ?? '',
              lastName: members[i]?.lastName ?? '',
              email: slot.emailRequired === 'other' ? null : (members[i]?.email ?? null),
            })),
          },
        })
      }
      onDiscard={() => actor.send({ type: 'cart.discard' })}
      onCheckout={() => actor.send({ type: 'cart.checkout' })}
      onDismissConflict={() => actor.send({ type: 'cart.dismiss' })}
    />
  );
}
