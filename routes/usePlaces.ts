import { useEffect, useState } from 'react';
import type { Places } from '../domain/identity-form';

/**
 * The country and subdivision lists (domain/places), loaded once when `needed`; null until then. The identity
 * forms' selects (checkout, register, profile) load them only when their form asks a country or a state.
 */
export function usePlaces(needed: boolean): Places | null {
  const [places, setPlaces] = useState<Places | null>(null);
  useEffect(() => {
    if (!needed || places) return;
    let live = true;
    void import('../domain/places').then((m) => live && setPlaces(m));
    return () => {
      live = false;
    };
  }, [needed, places]);
  return places;
}
