import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { isApiError } from '../../api';
import { ErrorCode } from '../../api/codes';
import { Complete } from '../../ui/Complete';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { NotFoundScreen } from '../not-found/NotFoundScreen';
import { useLoad } from '../useLoad';

/** /checkout/complete?orderIds=a,b: 'Done!' with each order's number and QR code. */
export default function CompleteScreen() {
  const { api, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const ids = (new URLSearchParams(useSearch()).get('orderIds') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const key = ids.join(',');
  const orders = useLoad(
    (signal) => (key ? api.orders.getMany(key.split(','), { signal }) : Promise.resolve([])),
    key,
  );
  useEffect(() => {
    document.title = `${strings.done} — ${config.sellerName}`;
  }, [strings, config]);

  const missing =
    ids.length === 0 ||
    (orders.status === 'ready' && orders.data.length === 0) ||
    (orders.status === 'error' &&
      isApiError(orders.error) &&
      (orders.error.status === 404 || orders.error.code === ErrorCode.bad_field_value));
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
