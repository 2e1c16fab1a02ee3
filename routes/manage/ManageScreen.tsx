/**
 * /manage/{id} (spec 2 §2): the edit-order page when the seller's self-edit is on, otherwise the cancel-free-order
 * page. The edit-order page is not built yet (issue 24): this slice shows the cancel-free-order page in both cases.
 * The emailed link carries `?token=` (server/README.md "Managing an order"); the owner's member session needs none.
 */
import '../../ui/manage/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { selectCancelFreeOrderView } from '../../machines/cancelFreeOrder/view';
import { CancelFreeOrderView } from '../../ui/manage/CancelFreeOrderView';
import { fill } from '../../ui/strings';
import { useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { provideCancelFreeOrder, tokenFrom } from './wiring';

export default function ManageScreen({ id }: { id: string }) {
  const { api, config, strings, clock, inspect } = useServices();
  const { href, navigate } = useAppNavigate();
  const search = useSearch();
  const token = useMemo(() => tokenFrom(search), [search]);
  const machine = useMemo(() => provideCancelFreeOrder({ api, now: () => clock.now() }), [api, clock]);
  const actor = useActorRef(machine, { input: { orderId: id, token }, inspect });
  const view = useSelector(actor, selectCancelFreeOrderView);
  const confirm = useModal('cancelOrderConfirm');
  useEffect(() => {
    document.title = view.orderNumber
      ? `${fill(strings.manageOrderTitle, { number: view.orderNumber })} — ${config.sellerName}`
      : config.sellerName;
  }, [view.orderNumber, strings, config.sellerName]);
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
