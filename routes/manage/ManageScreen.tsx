/**
 * /manage/{id} (spec 2 §2): the edit-order page when the seller's self-edit is on, otherwise the cancel-free-order
 * page. The emailed link carries `?token=` (server/README.md "Managing an order"); the owner's member session needs
 * none (the edit-order page tells a member to log out, spec 2 §6). A pending change (the reschedule page's, or a
 * removal here) is kept per order in this tab's sessionStorage until it is confirmed or discarded; leaving the page
 * with one asks the browser's confirmation.
 */
import '../../ui/manage/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import { selectCancelFreeOrderView } from '../../machines/cancelFreeOrder/view';
import type { EditSuccess } from '../../machines/editOrder/types';
import { selectEditOrderView } from '../../machines/editOrder/view';
import { CancelFreeOrderView } from '../../ui/manage/CancelFreeOrderView';
import { EditOrderView } from '../../ui/manage/EditOrderView';
import { fill } from '../../ui/strings';
import { useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { provideEditOrder } from './edit-wiring';
import { editCartKey } from './reschedule-wiring';
import { provideCancelFreeOrder, tokenFrom } from './wiring';

/** This tab's pending change of the order (its order-bound cart), if any. */
export function keptEditCart(orderId: string): string | null {
  try {
    return sessionStorage.getItem(editCartKey(orderId));
  } catch {
    return null;
  }
}
export function keepEditCart(orderId: string, cartId: string | null): void {
  try {
    if (cartId) sessionStorage.setItem(editCartKey(orderId), cartId);
    else sessionStorage.removeItem(editCartKey(orderId));
  } catch {
    // Storage off: the change stays on the server until it expires.
  }
}

/** The success the confirm page hands back (history state `orderUpdated`), read once. */
function handedSuccess(): EditSuccess | null {
  if (typeof history === 'undefined') return null;
  const state = history.state as { orderUpdated?: unknown } | null;
  const success = state?.orderUpdated;
  if (success !== 'rescheduled' && success !== 'cancelled') return null;
  const { orderUpdated: _read, ...rest } = state ?? {};
  history.replaceState(rest, '');
  return success;
}

export default function ManageScreen({ id }: { id: string }) {
  const { api, config, strings, clock, inspect } = useServices();
  const { href, navigate } = useAppNavigate();
  const search = useSearch();
  const token = useMemo(() => tokenFrom(search), [search]);
  const query = token ? `?token=${token}` : '';
  // The flow's implementations are fixed for the life of the page; they read the latest navigation when they act.
  const latest = useRef({ navigate, href, query });
  latest.current = { navigate, href, query };
  const machine = useMemo(
    () =>
      provideEditOrder({
        api,
        now: () => clock.now(),
        clock,
        kept: ({ orderId, cartId }) => keepEditCart(orderId, cartId),
        closed: ({ orderId }) => keepEditCart(orderId, null),
        pay: ({ orderId }) => {
          const { navigate, href, query } = latest.current;
          navigate(href(`/manage/${orderId}/confirm${query}`));
        },
      }),
    [api, clock],
  );
  const [cartId, success] = useMemo(() => [keptEditCart(id), handedSuccess()], [id]);
  const actor = useActorRef(machine, { input: { orderId: id, token, cartId, success }, inspect });
  const view = useSelector(actor, selectEditOrderView);
  // Spec 2 §2: leaving with unsaved changes asks the browser's confirmation.
  useEffect(() => {
    if (!view.unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = strings.editLeaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [view.unsaved, strings]);
  useEffect(() => {
    document.title = view.orderNumber
      ? `${fill(strings.manageOrderTitle, { number: view.orderNumber })} — ${config.sellerName}`
      : config.sellerName;
  }, [view.orderNumber, strings, config.sellerName]);
  if (view.phase === 'cancelFreeOrder') return <CancelFreeOrderScreen id={id} token={token} />;
  return (
    <EditOrderView
      strings={strings}
      view={view}
      currency={config.currency}
      homeHref={href('/')}
      rescheduleHref={(sessionId) => href(`/manage/${id}/reschedule/${sessionId}${query}`)}
      onNavigate={navigate}
      onRemove={(ticketId) => actor.send({ type: 'ticket.remove', ticketId })}
      onCancelSession={(sessionKey) => actor.send({ type: 'session.cancel', sessionKey })}
      onCancelOrder={() => actor.send({ type: 'order.cancel' })}
      onConfirm={() => actor.send({ type: 'confirm' })}
      onDiscard={() => actor.send({ type: 'discard' })}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}

/** The cancel-free-order page (self-edit off). */
function CancelFreeOrderScreen({ id, token }: { id: string; token: string | null }) {
  const { api, config, strings, clock, inspect } = useServices();
  const { href, navigate } = useAppNavigate();
  const machine = useMemo(() => provideCancelFreeOrder({ api, now: () => clock.now() }), [api, clock]);
  const actor = useActorRef(machine, { input: { orderId: id, token }, inspect });
  const view = useSelector(actor, selectCancelFreeOrderView);
  const confirm = useModal('cancelOrderConfirm');
  /** Asks the flow; the confirm modal opens when the flow is confirming. */
  const ask = (type: 'cancelOrder' | 'cancelSelected') => {
    actor.send({ type });
    if (actor.getSnapshot().value === 'confirming') confirm.open();
  };
  return (
    <CancelFreeOrderView
      strings={strings}
      view={view}
      currency={config.currency}
      homeHref={href('/')}
      onNavigate={navigate}
      onToggleTicket={(ticketId) => actor.send({ type: 'ticket.toggle', ticketId })}
      onToggleSession={(sessionKey) => actor.send({ type: 'session.toggleAll', sessionKey })}
      onCancelOrder={() => ask('cancelOrder')}
      onCancelSelected={() => ask('cancelSelected')}
      onRetry={() => actor.send({ type: 'retry' })}
      confirm={confirm.modal ? { closing: confirm.modal.closing } : null}
      onConfirm={() => {
        actor.send({ type: 'confirm' });
        confirm.close();
      }}
      onDismiss={() => {
        actor.send({ type: 'dismiss' });
        confirm.close();
      }}
    />
  );
}
