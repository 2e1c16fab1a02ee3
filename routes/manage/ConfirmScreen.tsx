/**
 * /manage/{orderId}/confirm (spec 2 §2: the checkout, used for an order's change when self-edit is on; §4 "Confirm":
 * a change with something to pay comes here): what the change gives up and gets and the price difference, then the
 * checkout of the order-bound cart kept for this order in this tab. Paid: the update email is asked for and the
 * visitor goes back to /manage/{orderId}, which shows the success message (spec 2 §4). Without a pending change:
 * 'There are no changes to confirm.' with the way back; a load failure reads as on the order page (spec 2 §8).
 */
import '../../ui/manage/strings';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { outcomeMessage } from '../../domain/error-messages/base';
import { manageLoadOutcome } from '../../domain/error-messages/order';
import { successOf } from '../../machines/editOrder/rules';
import { toFlowError } from '../../machines/shared/flow-error';
import { ConfirmChangesView } from '../../ui/manage/ConfirmChangesView';
import { AppHref } from '../../ui/manage/OrderPageShell';
import { resolveMessage } from '../../ui/strings';
import { useServices } from '../app/services';
import CheckoutScreen from '../checkout/CheckoutScreen';
import { useAppNavigate } from '../navigation';
import { useLoad } from '../useLoad';
import { sendUpdateEmail } from './edit-wiring';
import { keepEditCart, keptEditCart } from './ManageScreen';
import { tokenFrom } from './wiring';

export default function ConfirmScreen({ orderId }: { orderId: string }) {
  const { api, config, strings, clock } = useServices();
  const { href, navigate } = useAppNavigate();
  const search = useSearch();
  const token = useMemo(() => tokenFrom(search), [search]);
  const cartId = useMemo(() => keptEditCart(orderId), [orderId]);
  const back = href(`/manage/${orderId}${token ? `?token=${token}` : ''}`);
  const load = useLoad(
    async (signal) => {
      if (!cartId) return null;
      const [order, edit] = await Promise.all([
        api.orders.manageOrder(orderId, { signal }),
        api.orders.editCart(cartId, { signal }),
      ]);
      return edit.state === 'pending' && edit.orderId === orderId ? { order, edit } : null;
    },
    `${orderId}:${cartId ?? ''}`,
  );
  useEffect(() => {
    document.title = `${strings.editConfirmTitle} — ${config.sellerName}`;
  }, [strings, config.sellerName]);
  const data = load.data;
  const orderEdit = useMemo(
    () =>
      data
        ? {
            completed: () => {
              keepEditCart(orderId, null);
              void sendUpdateEmail({ api, now: () => clock.now() }, orderId, token);
              navigate(back, { state: { orderUpdated: successOf(data.edit) } });
            },
          }
        : undefined,
    [data, orderId, api, clock, token, navigate, back],
  );
  const backLink = (
    <p>
      <AppHref href={back} onNavigate={navigate}>
        {strings.rescheduleBack}
      </AppHref>
    </p>
  );
  if (load.status === 'loading') return <p role="status">{strings.loading}</p>;
  if (load.status === 'error')
    return (
      <section className="manage-order" aria-labelledby="confirm-changes-title">
        <h1 id="confirm-changes-title">{strings.editConfirmTitle}</h1>
        <p className="message message--error" role="alert">
          {resolveMessage(strings, outcomeMessage(manageLoadOutcome(toFlowError(load.error)), 'order'))}
        </p>
        {backLink}
      </section>
    );
  if (!data || !orderEdit)
    return (
      <section className="manage-order" aria-labelledby="confirm-changes-title">
        <h1 id="confirm-changes-title">{strings.editConfirmTitle}</h1>
        <p>{strings.editConfirmNothing}</p>
        {backLink}
      </section>
    );
  const removed = new Set(data.edit.removed);
  return (
    <>
      <ConfirmChangesView
        strings={strings}
        currency={config.currency}
        orderNumber={data.order.number}
        givesUp={data.order.tickets
          .filter((t) => removed.has(t.id))
          .map((t) => ({
            id: t.id,
            name: t.typeName,
            eventName: t.eventName,
            start: t.start,
            timezone: t.timezone,
          }))}
        gets={data.edit.added.map((a) => ({
          id: a.id,
          name: a.typeName,
          eventName: a.eventName,
          start: a.start,
          timezone: a.timezone,
        }))}
        differenceCents={Math.round(Number(data.edit.outstanding) * 100) || 0}
      />
      {backLink}
      <CheckoutScreen params={{ cartId: data.edit.cartId }} orderEdit={orderEdit} />
    </>
  );
}
