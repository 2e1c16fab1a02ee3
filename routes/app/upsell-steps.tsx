/**
 * The upsell chain as screens use it (spec 1 §2, §4):
 * - `useAfterReserve(eventId)`: the ONE place that decides where a visitor goes after a reserve on event
 *   detail (every layout calls it): the cart is handed to the app cart, then the chain (systemId `upsell`)
 *   goes on to the next add-on step or to checkout.
 * - `useUpsell()`: the current add-on step and express checkout; `AddOnStepBar`: the step's bar.
 * The route effects every page needs are in ./upsell.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import type { CartModel } from '../../api';
import { selectUpsellView, type UpsellView } from '../../machines/upsell/view';
import { UpsellBar } from '../../ui/UpsellBar';
import { useAppNavigate } from '../navigation';
import { cartOf, upsellOf } from './root';
import { useServices } from './services';
import type { UpsellHost } from './upsell-host';

/** The app's upsell chain (its actor loads on demand). */
export function useUpsellHost(): UpsellHost {
  return upsellOf(useServices().app);
}

const NOTHING: UpsellView = { step: null, position: null, expressCheckout: false, visitTime: null };

/** The chain as screens show it (the current add-on step, express checkout); nothing until it has loaded. */
export function useUpsell(): UpsellView {
  const host = useUpsellHost();
  const snapshot = useSyncExternalStore(host.subscribe, () => host.get()?.getSnapshot() ?? null);
  return snapshot ? selectUpsellView(snapshot) : NOTHING;
}

export interface AfterReserveOptions {
  /** The flow's skip-upsells option (or gifting): straight to checkout. */
  skipUpsells?: boolean;
}

/**
 * After a successful reserve on `/events/{eventId}` (default: the route's event): give the cart to the app
 * cart, then go on. Every layout calls this (on main: through `routes/event/useReserved.ts`).
 */
export function useAfterReserve(
  forEventId?: string,
): (cart: CartModel, options?: AfterReserveOptions) => void {
  const { app } = useServices();
  const { navigate } = useAppNavigate();
  const [location] = useLocation();
  // The event reserved: given, else the one of the event route (`/events/{id}[/{action}]`).
  const eventId = forEventId ?? routeEventId(location);
  return useCallback(
    (cart: CartModel, options: AfterReserveOptions = {}) => {
      cartOf(app).send({ type: 'cart.updated', cart });
      const host = upsellOf(app);
      const event = {
        type: 'reserved' as const,
        cart,
        eventId,
        ...(options.skipUpsells ? { skipUpsells: true } : {}),
      };
      // The chain decides where to go (its injected navigate, ./upsell-actor); without it, checkout.
      const actor = host.get();
      if (actor) actor.send(event);
      else
        host.ready.then(
          (a) => a.send(event),
          () => navigate('/checkout'),
        );
    },
    [app, eventId, navigate],
  );
}

/** The event id of an event route, '' elsewhere (or when the segment does not decode). */
function routeEventId(path: string): string {
  try {
    return decodeURIComponent(/^\/events\/([^/]+)/.exec(path)?.[1] ?? '');
  } catch {
    return '';
  }
}

/**
 * An event detail page on an add-on step: the step's place in the chain and the skip add-on button, shown
 * while no tickets are selected (every layout renders it with its own selection count).
 */
export function AddOnStepBar({ ticketsSelected }: { ticketsSelected: boolean }) {
  const { strings } = useServices();
  const upsell = useUpsell();
  const host = useUpsellHost();
  if (!upsell.position) return null;
  return (
    <UpsellBar
      strings={strings}
      position={upsell.position}
      showSkip={!ticketsSelected}
      onSkip={() => host.send({ type: 'addon.skip' })}
    />
  );
}
