/**
 * The upsell chain's route effects (spec 1 §2, §4; spec 3 §2 "Navigation rules"), in every first load:
 * `UpsellRouteEffects` follows the chain's `navigate` emits, clears the chain when the route leaves the event
 * routes, and reads `?expresscheckout` (switching skipping upsells on, then dropping the key). What screens use
 * (after a reserve, the add-on step bar) is in ./upsell-steps, loaded with the event and listing screens.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { expressCheckoutFrom, isEventRoute } from '../../machines/upsell/query';
import { useAppNavigate } from '../navigation';
import { upsellOf } from './root';
import { useServices } from './services';

export function UpsellRouteEffects() {
  const { app } = useServices();
  const { navigate } = useAppNavigate();
  const [location, setLocation] = useLocation();
  const search = useSearch();
  const upsell = upsellOf(app);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    upsell.ready.then(
      (actor) => {
        if (live) unsubscribe = actor.on('navigate', (event) => navigateRef.current(event.to)).unsubscribe;
      },
      () => {},
    );
    return () => {
      live = false;
      unsubscribe();
    };
  }, [upsell]);

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
