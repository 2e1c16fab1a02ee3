import { useEffect, useMemo, useState } from 'react';
import type { CartModel } from '../../api';
import { useServices } from '../app/services';
import type { PaymentAdapter } from '../payment/types';
import { sellerPayment } from './wiring';

/**
 * The payment adapter the seller's configuration names, loaded once per checkout. `wallets`: whether Apple Pay
 * and Google Pay may be offered (not with the seller's zip-code discount option on, spec 2 §4).
 */
export function usePayment(cart: CartModel, wallets = true) {
  const { api, strings, config, clock } = useServices();
  const amountCents = cart.totals.outstandingCents;
  const currency = cart.currency;
  // The adapter follows what it is made of (the amount due and currency), not every new cart object.
  const payment = useMemo(
    () =>
      sellerPayment({
        config,
        api,
        strings,
        clock,
        cart: { currency, totals: { outstandingCents: amountCents } },
        wallets,
      }),
    [api, strings, config, clock, amountCents, currency, wallets],
  );
  const [adapter, setAdapter] = useState<PaymentAdapter | null>(() => payment.current());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    payment().then(
      (loaded) => live && setAdapter(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [payment]);
  return { payment, adapter, failed };
}
