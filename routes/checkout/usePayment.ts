import { useEffect, useMemo, useState } from 'react';
import type { CartModel } from '../../api';
import { useServices } from '../app/services';
import type { PaymentAdapter } from '../payment/types';
import { sellerPayment } from './wiring';

/** The payment adapter the seller's configuration names, loaded once per checkout. */
export function usePayment(cart: CartModel) {
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
      }),
    [api, strings, config, clock, amountCents, currency],
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
