import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { Complete } from '../../ui/Complete';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { NotFoundScreen } from '../not-found/NotFoundScreen';
import { useLoad } from '../useLoad';
import { isMissingOrder, loadOrders, orderIdsFrom } from './wiring';

/** /checkout/complete?orderIds=a,b: 'Done!' with each order's number and QR code. */
export default function CompleteScreen() {
  const { api, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const ids = orderIdsFrom(useSearch());
  const key = ids.join(',');
  const orders = useLoad((signal) => loadOrders(api, ids, signal), key);
  useEffect(() => {
    document.title = `${strings.done} — ${config.sellerName}`;
  }, [strings, config]);

  const missing =
    ids.length === 0 ||
    (orders.status === 'ready' && orders.data.length === 0) ||
    (orders.status === 'error' && isMissingOrder(orders.error));
  if (missing) return <NotFoundScreen />;
  return (
    <Complete
      strings={strings}
      status={orders.status}
      orders={orders.data ?? []}
      message={orders.status === 'error' ? strings.errorOops : null}
      eventsHref={href('/events')}
      onNavigate={navigate}
    />
  );
}
