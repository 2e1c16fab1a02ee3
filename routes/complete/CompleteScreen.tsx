import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { Complete } from '../../ui/Complete';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { NotFoundScreen } from '../not-found/NotFoundScreen';
import { useLoad } from '../useLoad';
import { externalRedirect, isMissingOrder, loadConfirmation, orderIdsFrom, withEmail } from './wiring';

/**
 * /checkout/complete?orderIds=a,b: 'Done!' with each order's number and QR code, the seller's message (its
 * {{email}} the purchaser's), links and background image (spec 2 §2); a configured external completed-order URL
 * gets the visitor instead, with ?orderIds=a,b.
 */
export default function CompleteScreen() {
  const { api, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const ids = orderIdsFrom(useSearch());
  const key = ids.join(',');
  const loaded = useLoad((signal) => loadConfirmation(api, ids, signal), key);
  useEffect(() => {
    document.title = `${strings.done} — ${config.sellerName}`;
  }, [strings, config]);
  const external = loaded.status === 'ready' ? externalRedirect(loaded.data, ids) : null;
  useEffect(() => {
    if (external) window.location.assign(external);
  }, [external]);

  const missing =
    ids.length === 0 ||
    (loaded.status === 'ready' && (loaded.data?.orders.length ?? 0) === 0) ||
    (loaded.status === 'error' && isMissingOrder(loaded.error));
  if (missing) return <NotFoundScreen />;
  const orders = loaded.data?.orders ?? [];
  const page = loaded.data?.page ?? null;
  const email = orders.find((o) => o.purchaserEmail)?.purchaserEmail ?? null;
  return (
    <Complete
      strings={strings}
      status={external ? 'loading' : loaded.status}
      orders={orders}
      message={loaded.status === 'error' ? strings.errorOops : null}
      sellerMessage={page?.message ? withEmail(page.message, email) : null}
      links={page?.links ?? []}
      image={page?.image ?? null}
      contentOffset={page?.contentOffset ?? null}
      contentMobileOffset={page?.contentMobileOffset ?? null}
      eventsHref={href('/events')}
      ticketsHref={page?.showTicketsLink ? (id) => href(`/ticket_order/${id}`) : null}
      onNavigate={navigate}
    />
  );
}
