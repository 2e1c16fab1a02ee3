/**
 * The reserve core's child (`reserveIntoCart`): its independent transition table (issue 29;
 * reserveIntoCart.table.test.ts holds the machine to it), written from spec 1 §4 ("Cart lifecycle": codes before
 * reserve, then the reserve; "Reserve with promo code required"), §8 (reserve codes; the promo code errors) and
 * DESIGN.md "Reserve core" (post with the cart id read when it acts, retry once in a new cart on
 * not_found/cart_expired, prompt for a required code), not read from the machine:
 *
 * posting: the post answers a cart -> reserved; the cart gone (not_found, cart_expired) the first time -> posting
 * again into a new cart; a code required (rule_blocks_reserve in checkout_rules, reason code_required) -> the
 * prompt (askingForCode.editing; the modal opens); anything else -> refused, read once (sold out, seat taken,
 * other; no code: unexpected). In the prompt: typing keeps the code (its message cleared), Apply with something
 * typed (trimmed) retries with the code as the pre-reserve promo code, Cancel ends refused (the modal closes).
 * The retry: a cart -> reserved; the cart gone the first time -> the retry again in a new cart; a refusal about
 * the code (the server asks again: '"{code}" is not a valid promo code.'; a promo error about this code: its promo
 * message) -> back to the prompt with the message and the code kept; else refused. Where the spec is silent (a
 * promo error naming another code, a City Pass voucher of the form) the table follows the code's documented
 * reading (core/rules.ts `codePromptError`): not about the prompt's code, so refused.
 */
import type { CartModel } from '../../api/models';
import { voucherKey } from '../../domain/citypass-rule';
import { outcomeMessage } from '../../domain/error-messages/base';
import { promoOutcome } from '../../domain/error-messages/reserve';
import type {
  RefusalKind,
  ReserveIntoCartContext,
  ReserveIntoCartEvent,
  ReserveRefusal,
} from '../../machines/reserve/core/types';
import type { Message } from '../../machines/shared/messages';
import { capacityError, cart, soldOutError } from '../../stories/fixtures/dateFirstReserve';
import {
  BLANK_CODE,
  codeNotFoundError,
  codeRequiredError,
  membershipInput,
  seatTakenError,
  TYPED_CODE,
  ticketsInput,
} from '../../stories/fixtures/reserveIntoCart';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = ReserveIntoCartContext;
type E = ReserveIntoCartEvent;
type S = 'posting' | 'askingForCode.editing' | 'askingForCode.retrying' | 'reserved' | 'refused';

// ---- the oracle (spec 1 §4, §8) ---------------------------------------------------------------------------

type Raw = Record<string, unknown>;
const hasCodeField = (error: unknown): error is Raw =>
  typeof error === 'object' && error !== null && typeof (error as Raw).code === 'string';

/** A rejection as the flows read it: its code, description, context, extra (and status); no code: unexpected. */
function flowError(error: unknown): ReserveRefusal['error'] {
  if (!hasCodeField(error)) return { code: 'unexpected', description: null, context: null };
  return {
    code: error.code as string,
    description: typeof error.description === 'string' ? error.description : null,
    extra: error.extra,
    context: typeof error.context === 'string' ? error.context : null,
    ...(typeof error.status === 'number' ? { status: error.status } : {}),
  };
}
/** Spec 1 §4, §8: rule_blocks_reserve in checkout_rules with reason code_required opens the code prompt. */
function asksForCode(error: unknown): boolean {
  if (!hasCodeField(error)) return false;
  const reason = (error.extra as Raw | undefined)?.reason;
  return (
    error.code === 'rule_blocks_reserve' && error.context === 'checkout_rules' && reason === 'code_required'
  );
}
function kindOf(error: unknown): RefusalKind {
  const code = hasCodeField(error) ? error.code : 'unexpected';
  if (code === 'event_session_sold_out') return 'sessionSoldOut';
  if (code === 'seat_unavailable') return 'seatTaken';
  if (asksForCode(error)) return 'codeRequired';
  return 'other';
}
const refusal = (error: unknown): ReserveRefusal => ({ kind: kindOf(error), error: flowError(error) });
/** DESIGN.md "Reserve core": the cart the reserve went to is gone (deleted or expired). */
const cartGone = (error: unknown) =>
  hasCodeField(error) && (error.code === 'not_found' || error.code === 'cart_expired');
const PROMO_CODES = new Set([
  'code_not_found',
  'code_exhausted',
  'no_code_benefit',
  'invalid_citypass',
  'citypass_failure',
]);
/** Why the retry's code did not unlock the tickets (the prompt's message), or null: not about the code. */
function codeMessage(error: unknown, typed: string): Message | null {
  if (!hasCodeField(error)) return null;
  const code = typed.trim();
  if (asksForCode(error)) return { key: 'promoInvalid', params: { code } };
  if (!PROMO_CODES.has(error.code as string)) return null;
  const named = (error.extra as Raw | undefined)?.code;
  if (typeof named === 'string' && named.trim() !== '' && voucherKey(named) !== voucherKey(code)) return null;
  return outcomeMessage(promoOutcome(flowError(error), { code }), 'promo');
}

const post = (c: C, codes: string[]): Call => ({
  invoke: 'postReserve',
  input: { request: c.request, newCart: c.newCart, codesBeforeReserve: codes },
});
const CLOSE: Call = { action: 'closeCodePrompt' };
const errorOf = (e: E) => (e as { error?: unknown }).error;
const reservedRow = (closes: boolean): Row<C, E> => ({
  target: 'reserved',
  effect: (_c, e) => ({ cart: (e as { output: CartModel }).output, refusal: null }),
  ...(closes ? { calls: () => [CLOSE] } : {}),
});

export const table: Table<C, E, S> = {
  initial: 'posting',
  states: {
    posting: { entry: { calls: (c) => [post(c, [])] } },
    'askingForCode.editing': {},
    'askingForCode.retrying': { entry: { calls: (c) => [post(c, [c.code.trim()])] } },
    reserved: { final: true },
    refused: { final: true },
  },
  compound: { askingForCode: { entry: { calls: () => [{ action: 'openCodePrompt' }] } } },
  on: {
    'xstate.done.actor.postReserve': {
      posting: [reservedRow(false)],
      'askingForCode.retrying': [reservedRow(true)],
    },
    'xstate.error.actor.postReserve': {
      posting: [
        {
          label: 'cart gone, first time: a new cart',
          when: (c, e) => !c.newCart && cartGone(e.error),
          target: 'posting',
          reenter: true,
          effect: () => ({ newCart: true }),
        },
        {
          label: 'code required: the prompt',
          when: (_c, e) => asksForCode(e.error),
          target: 'askingForCode.editing',
          effect: (_c, e) => ({ refusal: refusal(e.error) }),
        },
        { label: 'refused', target: 'refused', effect: (_c, e) => ({ refusal: refusal(e.error) }) },
      ],
      'askingForCode.retrying': [
        {
          label: 'cart gone, first time: the retry in a new cart',
          when: (c, e) => !c.newCart && cartGone(e.error),
          target: 'askingForCode.retrying',
          reenter: true,
          effect: () => ({ newCart: true }),
        },
        {
          label: 'the code did not unlock the tickets',
          when: (c, e) => codeMessage(e.error, c.code) !== null,
          target: 'askingForCode.editing',
          effect: (c, e) => ({ codeError: codeMessage(e.error, c.code) }),
        },
        {
          label: 'refused',
          target: 'refused',
          effect: (_c, e) => ({ refusal: refusal(errorOf(e)) }),
          calls: () => [CLOSE],
        },
      ],
    },
    'code.change': {
      'askingForCode.editing': [{ target: null, effect: (_c, e) => ({ code: e.value, codeError: null }) }],
    },
    'code.submit': {
      'askingForCode.editing': [
        {
          when: (c) => c.code.trim() !== '',
          target: 'askingForCode.retrying',
          effect: () => ({ codeError: null }),
        },
      ],
    },
    'code.cancel': { 'askingForCode.editing': [{ target: 'refused', calls: () => [CLOSE] }] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

const askedRefusal = refusal(codeRequiredError);
const base: C = {
  request: ticketsInput.request,
  newCart: false,
  cart: null,
  refusal: null,
  code: '',
  codeError: null,
};
const oldMessage: Message = { key: 'promoInvalid', params: { code: 'OLD' } };
export const worlds: World<C>[] = [
  { name: 'first post, tickets', context: base },
  { name: 'first post, a membership', context: { ...base, request: membershipInput.request } },
  { name: 'new cart already, tickets', context: { ...base, newCart: true } },
  {
    name: 'asked, a code typed (padded)',
    context: { ...base, refusal: askedRefusal, code: TYPED_CODE },
  },
  {
    name: 'asked, blanks typed, a message shown',
    context: { ...base, refusal: askedRefusal, code: BLANK_CODE, codeError: oldMessage },
  },
  {
    name: 'asked in a new cart, the code in lower case, a message shown',
    context: {
      ...base,
      request: membershipInput.request,
      newCart: true,
      refusal: askedRefusal,
      code: 'press2026',
      codeError: oldMessage,
    },
  },
  { name: 'asked, nothing typed', context: { ...base, refusal: askedRefusal } },
];

const fail = (name: string, error: unknown): EventSample<E> => ({
  name,
  event: { type: 'xstate.error.actor.postReserve', error } as E,
});
export const events: EventSample<E>[] = [
  { name: 'a cart', event: { type: 'xstate.done.actor.postReserve', output: cart } as E },
  fail('not_found (cart gone)', { code: 'not_found', status: 404, context: 'cart' }),
  fail('cart_expired', { code: 'cart_expired', status: 410 }),
  fail('sold out', soldOutError),
  fail('seat taken', seatTakenError),
  fail('capacity', capacityError),
  fail('code required', codeRequiredError),
  fail('rule_blocks_reserve, another reason', { ...codeRequiredError, extra: { reason: 'max_exceeded' } }),
  fail('code_required outside checkout_rules', { ...codeRequiredError, context: 'cart' }),
  fail('rule_blocks_reserve without extra', { code: 'rule_blocks_reserve', context: 'checkout_rules' }),
  fail('code_not_found (described)', codeNotFoundError),
  fail('code_not_found (no description)', { code: 'code_not_found', status: 404 }),
  fail('code_exhausted naming PRESS2026 (lower case, padded)', {
    code: 'code_exhausted',
    extra: { code: ' press2026 ' },
  }),
  fail('code_exhausted naming another code', { code: 'code_exhausted', extra: { code: 'OTHER-1' } }),
  fail('invalid_citypass naming blanks', { code: 'invalid_citypass', extra: { code: '  ' } }),
  fail('no_code_benefit', { code: 'no_code_benefit', description: 'No benefit for these tickets.' }),
  fail('citypass_failure', { code: 'citypass_failure' }),
  fail('duplicate_code', { code: 'duplicate_code' }),
  fail('an Error without a code', new Error('offline')),
  fail('a code that is no string', { code: 42, description: 'x' }),
  fail('nothing', undefined),
  { name: 'type a code', event: { type: 'code.change', value: TYPED_CODE } },
  { name: 'type blanks', event: { type: 'code.change', value: BLANK_CODE } },
  { name: 'type nothing', event: { type: 'code.change', value: '' } },
  { name: 'apply', event: { type: 'code.submit' } },
  { name: 'cancel', event: { type: 'code.cancel' } },
];
