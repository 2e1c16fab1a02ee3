/**
 * App-wide services and the typed hooks screens use to reach the app-wide actors (DESIGN "App-wide
 * actors"): `useCart(selector)`, `useCartActor()`, `useModals()`. Screens never keep copies of their state.
 */
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Api } from '../../api';
import type { RuntimeConfig } from '../../api/schemas';
import type { cartMachine } from '../../machines/cart/cart.machine';
import type { ModalName } from '../../machines/modals/types';
import { type ModalView, selectModal } from '../../machines/modals/view';
import type { sessionMachine } from '../../machines/session/session.machine';
import type { Strings } from '../../ui/strings';
import type { Inspect } from '../inspect';
import type { AppClock } from './clock';
import type { VisitorLocale } from './locale';
import {
  type AppActor,
  type CartActorRef,
  cartOf,
  type ModalsActorRef,
  modalsOf,
  type SessionActorRef,
  sessionOf,
} from './root';

export interface AppServices {
  config: RuntimeConfig;
  api: Api;
  /** The strings catalogue with the seller's portal strings applied. */
  strings: Strings;
  /** The visitor's locale, when the seller names locales (routes/app/locale.ts); absent: English only. */
  locale?: VisitorLocale;
  /** The seller's portal strings as loaded (lazy screens apply them to their own labels). */
  portalStrings?: Record<string, string>;
  inspect: Inspect;
  clock: AppClock;
  /** The app root actor: its children are the cart, the member session and the modal stack. */
  app: AppActor;
  /**
   * Reports a screen that failed or an unhandled rejection (spec 3 §8; routes/app/error-reporting.ts, loaded on
   * the first report); absent: not reported.
   */
  reportError?: (error: unknown, kind: 'render' | 'rejection') => void;
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

/** The app-wide cart actor (systemId `cart`). */
export function useCartActor(): CartActorRef {
  return cartOf(useServices().app);
}

/** A value selected from the app-wide cart, re-rendering when it changes. */
export function useCart<T>(selector: (snapshot: SnapshotFrom<typeof cartMachine>) => T): T {
  return useSelector(useCartActor(), selector);
}

/** The app-wide modal stack (systemId `modals`). */
export function useModalsActor(): ModalsActorRef {
  return modalsOf(useServices().app);
}

/** One modal of the stack as the view shows it (null: not open), and the events its view sends. */
export function useModal(name: ModalName): {
  modal: ModalView | null;
  open: () => void;
  close: () => void;
  dismiss: () => void;
} {
  const modals = useModalsActor();
  const modal = useSelector(modals, (s) => selectModal(s, name));
  return {
    modal,
    open: () => modals.send({ type: 'modal.open', name }),
    close: () => modals.send({ type: 'modal.close', name }),
    dismiss: () => modals.send({ type: 'modal.dismiss' }),
  };
}

/** The app-wide member session (systemId `session`). */
export function useSessionActor(): SessionActorRef {
  return sessionOf(useServices().app);
}

/** A value selected from the member session, re-rendering when it changes. */
export function useSession<T>(selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T): T {
  return useSelector(useSessionActor(), selector);
}
