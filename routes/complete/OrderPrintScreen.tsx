import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { OrderPrint } from '../../ui/OrderPrint';
import { fill } from '../../ui/strings';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { NotFoundScreen } from '../not-found/NotFoundScreen';
import { useLoad } from '../useLoad';
import { isMissingOrder, loadConfirmation } from './wiring';

/**
 * /ticket_order/{id}: the printable order (spec 2 §2), linked from the confirmation (when the seller's
 * show_tickets_link is on) and from the confirmation email. An order id alone shows what the tickets show; the
 * purchaser's attendees and bought codes need the order's read token (server/payments/access.ts): kept from the
 * paid cart in this browser, or brought by the email's link as `?token=`.
 */
export default function OrderPrintScreen({ id }: { id: string }) {
  const { api, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const token = new URLSearchParams(useSearch()).get('token');
  const loaded = useLoad(
    (signal) =>
      (token ? api.orders.keepToken(id, token) : Promise.resolve()).then(() =>
        loadConfirmation(api, [id], signal),
      ),
    id,
  );
  const order = loaded.status === 'ready' ? (loaded.data?.orders[0] ?? null) : null;
  useEffect(() => {
    document.title = order
      ? `${fill(strings.orderNumber, { number: order.number })} — ${config.sellerName}`
      : config.sellerName;
  }, [order, strings, config]);

  if ((loaded.status === 'ready' && !order) || (loaded.status === 'error' && isMissingOrder(loaded.error)))
    return <NotFoundScreen />;
  if (loaded.status === 'loading') return <p role="status">{strings.loading}</p>;
  if (!order)
    return (
      <p className="message message--error" role="alert">
        {strings.errorOops}
      </p>
    );
  return (
    <OrderPrint
      strings={strings}
      order={order}
      eventsHref={href('/events')}
      onNavigate={navigate}
      onPrint={() => window.print()}
    />
  );
}
