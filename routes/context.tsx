import { createContext, type ReactNode, useContext } from 'react';
import type { Api } from '../api';
import type { RuntimeConfig } from '../api/schemas';
import type { Strings } from '../ui/strings';
import type { Inspect } from './inspect';

/** App-wide services, created once by the entry and shared by every screen. */
export interface AppServices {
  config: RuntimeConfig;
  api: Api;
  strings: Strings;
  inspect: Inspect;
  /** The app-wide cart actor (see routes/cart.ts). */
  cart: import('./cart').CartActor;
}

const Services = createContext<AppServices | null>(null);

export function ServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <Services.Provider value={value}>{children}</Services.Provider>;
}

export function useServices(): AppServices {
  const value = useContext(Services);
  if (!value) throw new Error('useServices outside ServicesProvider');
  return value;
}
