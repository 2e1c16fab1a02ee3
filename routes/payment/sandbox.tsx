import { useSyncExternalStore } from 'react';
import type { Api } from '../../api';
import { SandboxCardForm, type SandboxCardValues } from '../../ui/checkout/SandboxCardForm';
import type { Strings } from '../../ui/strings';
import { tokeniseSandboxCard } from './sandbox-card';
import type { PaymentAdapter } from './types';

/** Card values held outside React and outside machine context, like a card element's iframe. */
class CardStore {
  private values: SandboxCardValues = { number: '', expiry: '', cvc: '' };
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  get = () => this.values;
  set = (next: SandboxCardValues) => {
    this.values = next;
    for (const listener of this.listeners) listener();
  };
}

function SandboxCardFields({
  store,
  strings,
  disabled,
}: {
  store: CardStore;
  strings: Strings;
  disabled: boolean;
}) {
  const values = useSyncExternalStore(store.subscribe, store.get);
  return <SandboxCardForm strings={strings} values={values} onChange={store.set} disabled={disabled} />;
}

/**
 * The sandbox payment adapter: tokens follow Stripe's test cards; the customer confirmation of a 402 is the
 * reference server's sandbox endpoint.
 */
export function createSandboxAdapter(
  api: Api,
  strings: Strings,
  now: () => number = Date.now,
): PaymentAdapter {
  const store = new CardStore();
  return {
    renderCardForm: ({ disabled }) => (
      <SandboxCardFields store={store} strings={strings} disabled={disabled} />
    ),
    async confirmCard() {
      const result = tokeniseSandboxCard(store.get(), new Date(now()));
      if ('code' in result) throw result;
      return result;
    },
    async confirmAction({ paymentIntentId }) {
      await api.request('POST', `sandbox/payment_intents/${encodeURIComponent(paymentIntentId)}/confirm`, {
        body: {},
      });
    },
  };
}
