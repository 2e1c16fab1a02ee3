/**
 * Gift card calls (spec 2 §7; issue 22), loaded with checkout's gift card field (no first load carries them):
 * the lookup `GET ledger/{ledgerType}/{cardNumber}` (uncached: a balance changes with every payment), parsed at
 * the boundary. A 404 rejects as the ApiError not_found ("Gift card not found.").
 */
import { unexpectedError } from './errors';
import { parseDocument } from './join';
import { fromCents, toCents } from './money';
import type { ApiRequest, RequestOptions } from './request';
import type { PaymentBody } from './schemas';

export interface GiftCardLookup {
  number: string;
  state: string;
  balanceCents: number;
}

export async function lookupGiftCard(
  request: ApiRequest,
  ledgerType: string,
  number: string,
  { signal }: Pick<RequestOptions, 'signal'> = {},
): Promise<GiftCardLookup> {
  const raw = await request('GET', `ledger/${encodeURIComponent(ledgerType)}/${encodeURIComponent(number)}`, {
    signal,
  });
  const card = parseDocument(raw).ledger?._data[0];
  if (!card) throw unexpectedError(200, 'no_ledger');
  return { number: card.number, state: card.state, balanceCents: toCents(card.balance) };
}

/** POST pay with gateway `ledger` (spec 2 §3 payment payload): the body of one gift card payment. */
export function ledgerPaymentBody(payment: {
  ledgerType: string;
  cardNumber: string;
  amountCents: number;
}): PaymentBody {
  return {
    amount: fromCents(payment.amountCents),
    gateway_id: 'ledger',
    gateway_data: { ledger_type: payment.ledgerType, ledger_number: payment.cardNumber },
  };
}
