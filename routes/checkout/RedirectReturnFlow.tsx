import '../../ui/checkout/strings';
import { useEffect, useRef } from 'react';
import type { CartModel } from '../../api';
import { FormSkeleton } from '../../ui/skeleton/FormSkeleton';
import { fill } from '../../ui/strings';
import { useCartActor, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import type { RedirectReturn } from './redirect-query';
import { resumeRedirect, returnedIntentError } from './redirect-return';
import { usePayment } from './usePayment';

/**
 * The return from an external payment redirect: the intent's status is checked (requires_capture, processing
 * or succeeded go on) and the cart is paid with it, then the confirmation or the pending page; otherwise the
 * checkout shows the card error carrying the status.
 */
export default function RedirectReturnFlow({
  cart,
  back,
  onLeaving,
  onRefused,
}: {
  cart: CartModel;
  back: RedirectReturn;
  onLeaving: () => void;
  onRefused: (message: string) => void;
}) {
  const { api, strings } = useServices();
  const cartActor = useCartActor();
  const { navigate } = useAppNavigate();
  const { adapter, failed } = usePayment(cart);
  // What the effect reads when the call settles, without running it again when they change.
  const latest = useRef({ strings, navigate, cartActor, onLeaving, onRefused, amountCents: 0 });
  latest.current = {
    strings,
    navigate,
    cartActor,
    onLeaving,
    onRefused,
    amountCents: cart.totals.outstandingCents,
  };
  useEffect(() => {
    if (!adapter && !failed) return;
    const controller = new AbortController();
    const { strings, amountCents } = latest.current;
    const refuse = (error: unknown) => {
      if (controller.signal.aborted) return;
      const description = (error as { description?: unknown } | null)?.description;
      latest.current.onRefused(
        typeof description === 'string' && description
          ? fill(strings.cardError, { message: description })
          : strings.cardErrorGeneric,
      );
    };
    const retrieveIntent = adapter?.retrieveIntent?.bind(adapter);
    if (!retrieveIntent) {
      refuse(returnedIntentError('unknown'));
      return () => controller.abort();
    }
    resumeRedirect({ api, retrieveIntent, back, amountCents, signal: controller.signal }).then((outcome) => {
      if (controller.signal.aborted) return;
      const { navigate, onLeaving, cartActor } = latest.current;
      onLeaving();
      if (outcome.kind === 'pending') {
        navigate(`/checkout/pending/${encodeURIComponent(outcome.cartId)}`, { replace: true });
        return;
      }
      navigate(`/checkout/complete?orderIds=${outcome.orderIds.map(encodeURIComponent).join(',')}`, {
        replace: true,
      });
      cartActor.send({ type: 'cart.clear' });
    }, refuse);
    return () => controller.abort();
  }, [adapter, failed, back, api]);
  return <FormSkeleton label={strings.statusProcessing} title={strings.paymentInformation} />;
}
