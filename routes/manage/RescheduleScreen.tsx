/**
 * /manage/{orderId}/reschedule/{sessionId} (spec 2 §2 "Reschedule page"; issue 24): a new date and time for a
 * session of the order. The emailed link's `?token=` travels on from the manage page. Update returns to
 * /manage/{orderId}, where the change waits to be confirmed (its cart's id kept in this tab's sessionStorage).
 */
import '../../ui/manage/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import { selectRescheduleView } from '../../machines/reschedule/view';
import { RescheduleView } from '../../ui/manage/RescheduleView';
import { useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { editCartKey, provideReschedule } from './reschedule-wiring';
import { tokenFrom } from './wiring';

export default function RescheduleScreen({ orderId, sessionId }: { orderId: string; sessionId: string }) {
  const { api, config, strings, clock, inspect } = useServices();
  const { href, navigate } = useAppNavigate();
  const search = useSearch();
  const token = useMemo(() => tokenFrom(search), [search]);
  const backHref = href(`/manage/${orderId}${token ? `?token=${token}` : ''}`);
  // The flow's implementations are fixed for the life of the page; they read the latest navigation when they act.
  const latest = useRef({ navigate, backHref });
  latest.current = { navigate, backHref };
  const machine = useMemo(
    () =>
      provideReschedule({
        api,
        now: () => clock.now(),
        rescheduled: (change) => {
          try {
            sessionStorage.setItem(editCartKey(change.orderId), change.cartId);
          } catch {
            // Storage off: the manage page shows the order as it is; the change expires with its cart.
          }
          latest.current.navigate(latest.current.backHref);
        },
      }),
    [api, clock],
  );
  const actor = useActorRef(machine, { input: { orderId, sessionId, token }, inspect });
  const view = useSelector(actor, selectRescheduleView);
  // 'Show more dates' opens the 'Choose date' calendar on the app's modal stack, as the date-first reserve does.
  const calendar = useModal('chooseDate');
  useEffect(() => {
    document.title = `${strings.rescheduleTitle} — ${config.sellerName}`;
  }, [strings, config.sellerName]);
  return (
    <RescheduleView
      strings={strings}
      view={view}
      currency={config.currency}
      backHref={backHref}
      onNavigate={navigate}
      onSelectDate={(date) => actor.send({ type: 'date.select', date })}
      calendar={calendar.modal}
      onShowMore={calendar.open}
      onCloseCalendar={calendar.close}
      onDismissCalendar={calendar.dismiss}
      onSelectSession={(id) => actor.send({ type: 'session.select', sessionId: id })}
      onUpdate={() => actor.send({ type: 'update' })}
      onRestart={() => actor.send({ type: 'restart' })}
    />
  );
}
