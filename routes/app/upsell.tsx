/**
 * The upsell chain's route effects (spec 1 §2, §4; spec 3 §2 "Navigation rules"), in every first load:
 * `UpsellRouteEffects` clears the chain when the route leaves the event routes, and reads `?expresscheckout`
 * (switching skipping upsells on, then dropping the key). Where the chain sends the visitor next is its injected
 * `navigate`, provided with the actor (./upsell-actor). What screens use (after a reserve, the add-on step bar)
 * is in ./upsell-steps, loaded with the event and listing screens.
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { expressCheckoutFrom, isEventRoute } from '../../machines/upsell/query';
import { upsellOf } from './root';
import { useServices } from './services';

export function UpsellRouteEffects() {
  const { app } = useServices();
  const [location, setLocation] = useLocation();
  const search = useSearch();
  const upsell = upsellOf(app);

  useEffect(() => {
    if (!isEventRoute(location)) upsell.send({ type: 'route.left' });
  }, [location, upsell]);

  useEffect(() => {
    const express = expressCheckoutFrom(search);
    if (express === null) return;
    upsell.send({ type: 'expresscheckout.set', on: express });
    const rest = new URLSearchParams(search);
    rest.delete('expresscheckout');
    const query = rest.toString();
    setLocation(`${location}${query ? `?${query}` : ''}`, { replace: true });
  }, [search, location, setLocation, upsell]);

  return null;
}
