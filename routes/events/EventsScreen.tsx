import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import { errorMessageFor } from '../../api';
import { selectTicketCount } from '../../machines/cart/current';
import {
  type ListingFilters as Filters,
  type ListingChain,
  listingSearch,
  withTime,
} from '../../machines/listing/rules';
import { selectListingView } from '../../machines/listing/view';
import type { UpsellView } from '../../machines/upsell/view';
import { EventList } from '../../ui/EventList';
import { EventListSkeleton } from '../../ui/skeleton/EventListSkeleton';
import { resolveMessage } from '../../ui/strings';
import { UpsellBar } from '../../ui/UpsellBar';
import { isLoggedIn } from '../app/root';
import { useCart, useServices } from '../app/services';
import { useUpsell, useUpsellHost } from '../app/upsell-steps';
import { CartSidebar } from '../cart/CartSidebar';
import { useAppNavigate } from '../navigation';
import { provideListing } from './wiring';

/** The seller's promo banners: a lazy chunk with its client, loaded after the page. */
const PromoBannerSlot = lazy(() => import('../app/PromoBannerSlot'));

/**
 * The filter bar is its own chunk, fetched as soon as this screen's module runs: it loads while the listing
 * call is in flight, and the list waits for it (one Suspense boundary), so nothing shifts when it arrives.
 */
const loadFilters = () => import('../../ui/ListingFilters');
const ListingFilters = lazy(() => loadFilters().then((m) => ({ default: m.ListingFilters })));
void loadFilters().catch(() => undefined);

/**
 * /events: the listing with its filters and the cart widget; on an upsell step, the step's add-on events
 * within the visit window with the skip add-on button. With express checkout on and items in the cart it
 * redirects to /checkout.
 */
export default function EventsScreen() {
  const { strings, config } = useServices();
  const { navigate } = useAppNavigate();
  const upsell = useUpsell();
  const upsellActor = useUpsellHost();
  const ticketCount = useCart(selectTicketCount);
  const express = upsell.expressCheckout && ticketCount > 0;
  useEffect(() => {
    if (express) navigate('/checkout', { replace: true });
  }, [express, navigate]);
  useEffect(() => {
    document.title = `${strings.eventsTitle} — ${config.sellerName}`;
  }, [strings, config]);
  return (
    <div className="layout-with-cart">
      <section aria-labelledby="events-title">
        <h1 id="events-title">{strings.eventsTitle}</h1>
        <Suspense fallback={null}>
          <PromoBannerSlot eventId={null} />
        </Suspense>
        {upsell.position ? (
          <UpsellBar
            strings={strings}
            position={upsell.position}
            showSkip
            onSkip={() => upsellActor.send({ type: 'addon.skip' })}
          />
        ) : null}
        {express ? null : (
          <Listing
            key={upsell.step ? `step-${upsell.step.step}` : 'all'}
            chain={upsell.step}
            upsell={upsell}
          />
        )}
      </section>
      <CartSidebar />
    </div>
  );
}

function Listing({ chain, upsell }: { chain: ListingChain | null; upsell: UpsellView }) {
  const { api, strings, config, clock, inspect, app } = useServices();
  const { href, navigate } = useAppNavigate();
  const upsellActor = useUpsellHost();
  const search = useSearch();
  const machine = useMemo(
    () => provideListing({ api, noAddOns: () => upsellActor.send({ type: 'addons.none' }) }),
    [api, upsellActor],
  );
  const member = isLoggedIn(app);
  const actor = useActorRef(machine, {
    input: {
      search,
      scope: { now: clock.now(), timezone: config.timezone ?? 'UTC', member, chain },
      visitTime: upsell.visitTime,
    },
    inspect,
  });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: 'query.changed', search });
  }, [actor, search]);
  const view = useSelector(actor, selectListingView);
  const show = (filters: Filters) => {
    const query = listingSearch(view.search, filters);
    navigate(`/events${query ? `?${query}` : ''}`);
  };

  return (
    <Suspense fallback={<EventListSkeleton label={strings.loading} />}>
      {view.status === 'ready' ? (
        <ListingFilters
          strings={strings}
          categories={view.categories}
          dates={view.dates}
          time={view.time}
          onCategory={(category) => show({ ...view.filters, category })}
          onDate={(date) => show({ ...view.filters, date, timeStart: null, timeEnd: null })}
          onTime={(which, value) => show(withTime(view.filters, view.timeSteps, which, value))}
        />
      ) : null}
      {view.status === 'loading' || view.status === 'redirecting' ? (
        <EventListSkeleton label={strings.loading} />
      ) : null}
      {view.status === 'error' ? (
        <p className="message message--error" role="alert">
          {resolveMessage(strings, errorMessageFor(view.error, 'listing'))}
        </p>
      ) : null}
      {view.status === 'ready' ? (
        <EventList
          strings={strings}
          events={view.events}
          hrefFor={(id) => href(`/events/${id}${view.eventQuery ? `?${view.eventQuery}` : ''}`)}
          onNavigate={navigate}
          clear={
            view.empty
              ? {
                  href: href(`/events${view.empty.clearSearch ? `?${view.empty.clearSearch}` : ''}`),
                  seeAll: view.empty.seeAll,
                }
              : null
          }
        />
      ) : null}
    </Suspense>
  );
}
