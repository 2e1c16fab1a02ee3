/**
 * Redeem a gift membership's independent transition table (issue 29; giftRedeem.table.test.ts holds the machine
 * to it), written from spec 3 §2 "Redeem membership page", §4 "Redeem: code fetched; valid code shows the form;
 * submit reserves", §5 "Gift code", §8 "Redeem" and §9, not read from the machine:
 * a `?gift_code` of exactly 10 characters is looked up at once, else the code field waits; Submit looks up a code
 * of exactly 10 characters (trimmed) and refuses any other with 'You must enter a valid code'; the lookup refuses
 * an exhausted code ('This code has already been redeemed'), an expired one (now before valid_from or after
 * valid_to: 'This code has expired'), one without a discounted level (the no-memberships message), an unknown
 * one ('You must enter a valid code'); a valid one shows at most 3 levels, the highest-rank discounted ones by
 * discounted amount ascending then amount descending (one: selected). Redeeming an offered level checks the cart:
 * one holding a membership opens the dialog (Discard, Checkout; closing it says 'You need to take action on your
 * current cart before you can redeem a membership.'); then the level is reserved with the code, and the visitor
 * goes to /events when upsells are on, else /checkout.
 *
 * Where the spec is silent the table follows the machine's documented reading and says so: a failed cart check or
 * discard shows the generic 'try again later' text; a refused reserve shows the redeem reading of its error (the
 * code spent or expired meanwhile as its lookup text; rule_blocks_reserve in checkout_rules and
 * validate_not_email nothing, as the membership submit); a failed upsell check goes to checkout.
 */
import { redeemOutcome } from '../../domain/error-messages/membership';
import type {
  GiftRedeemContext,
  GiftRedeemEvent,
  LookupCodeOutput,
  RedeemLevel,
} from '../../machines/membership/giftRedeem.types';
import { refusedOutput, reservedOutput } from '../../machines/reserve/core/rules';
import { toFlowError } from '../../machines/shared/flow-error';
import { cart } from '../../stories/fixtures/membershipPurchase';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = GiftRedeemContext;
type E = GiftRedeemEvent;
type S =
  | 'start'
  | 'editing'
  | 'lookingUp'
  | 'choosing'
  | 'checkingCart'
  | 'cartConflict'
  | 'discarding'
  | 'reserving'
  | 'checkingUpsells'
  | 'redeemed';

// ---- the oracle (spec 3 §5, §8, §9) -------------------------------------------------------------------------

/** Spec 3 §5, §9: a gift code has exactly 10 characters (the field's value trimmed). */
export const tenCharacters = (code: string) => code.trim().length === 10;
const msg = (key: string) => ({ key }) as C['codeError'] & object;

/** Spec 3 §2: the discounted levels (a discounted amount below the amount), 3 of highest rank, then sorted. */
export function offered(levels: readonly RedeemLevel[]): RedeemLevel[] {
  const discounted = levels.filter((l) => l.discountedAmount !== null && l.discountedAmount < l.amount);
  const top = [...discounted].sort((a, b) => b.rank - a.rank).slice(0, 3);
  return top.sort(
    (a, b) => (a.discountedAmount as number) - (b.discountedAmount as number) || b.amount - a.amount,
  );
}

/** Spec 3 §5: what the code field says of a lookup's answer (null: valid). */
function lookupRefusal(o: LookupCodeOutput): string | null {
  if (o.exhausted) return 'giftCodeRedeemed';
  if ((o.validFrom !== null && o.checkedAt < o.validFrom) || (o.validTo !== null && o.checkedAt > o.validTo))
    return 'giftCodeExpired';
  return offered(o.levels).length === 0 ? 'redeemNoLevels' : null;
}

/** The error as the domain's redeem catalogue reads it (spec 3 §8), anything without a code unexpected. */
function redeemReading(error: unknown) {
  const outcome = redeemOutcome(toFlowError(error));
  return outcome.kind === 'ignore' ? null : outcome.message;
}

const out = <T>(e: E) => (e as { output: T }).output;
const err = (e: E) => (e as { error: unknown }).error;
const refused = (c: C) => ({ refusals: c.refusals + 1 });
const LATER = msg('errorUnexpectedLater');
const closeDialog: Call = { action: 'closeCartDialog' };

const reserveFailed: Row<C, E> = {
  label: 'refused: the redeem reading, the form again',
  target: 'choosing',
  effect: (c, e) => {
    const o = (e as { output?: { status: string; refusal?: { error: unknown } } }).output;
    return { formError: redeemReading(o ? o.refusal?.error : err(e)), ...refused(c) };
  },
};

export const table: Table<C, E, S> = {
  initial: 'start',
  states: {
    start: {
      always: [{ when: (c) => tenCharacters(c.code), target: 'lookingUp' }, { target: 'editing' }],
    },
    editing: {},
    lookingUp: { entry: { calls: (c) => [{ invoke: 'lookupCode', input: { code: c.code.trim() } }] } },
    choosing: {},
    checkingCart: { entry: { calls: () => [{ invoke: 'checkCart', input: undefined }] } },
    cartConflict: { entry: { calls: () => [{ action: 'openCartDialog' }] } },
    discarding: { entry: { calls: () => [{ invoke: 'discardCart', input: undefined }] } },
    reserving: {
      entry: {
        calls: (c) => {
          const members = (c.details as { members?: unknown } | null)?.members;
          return [
            {
              invoke: 'reserveIntoCart',
              input: {
                request: {
                  kind: 'membership',
                  membership: {
                    // Entered only with a chosen level; from the worlds' other contexts the machine's
                    // documented fallback (the first level shown, else none).
                    levelId: c.levelId ?? c.levels[0]?.id ?? '',
                    members: Array.isArray(members) ? members : [],
                    giftCode: c.code.trim(),
                  },
                },
              },
            },
          ];
        },
      },
    },
    checkingUpsells: { entry: { calls: () => [{ invoke: 'checkUpsells', input: undefined }] } },
    redeemed: { final: true },
  },
  on: {
    'code.change': {
      editing: [{ target: null, effect: (_c, e) => ({ code: e.value, codeError: null }) }],
      choosing: [
        {
          label: 'a new code: the levels go, the code field again',
          target: 'editing',
          effect: (_c, e) => ({ code: e.value, codeError: null, levels: [], levelId: null, formError: null }),
        },
      ],
    },
    submit: {
      editing: [
        {
          when: (c) => tenCharacters(c.code),
          target: 'lookingUp',
          effect: () => ({ codeError: null, formError: null }),
        },
        { target: null, effect: (c) => ({ codeError: msg('giftCodeInvalid'), ...refused(c) }) },
      ],
    },
    'xstate.done.actor.lookupCode': {
      lookingUp: [
        {
          label: 'valid: at most 3 levels, one selected',
          when: (_c, e) => lookupRefusal(out<LookupCodeOutput>(e)) === null,
          target: 'choosing',
          effect: (_c, e) => {
            const levels = offered(out<LookupCodeOutput>(e).levels);
            return { levels, levelId: levels.length === 1 ? (levels[0]?.id ?? null) : null };
          },
        },
        {
          label: 'refused: its text beside the code',
          target: 'editing',
          effect: (c, e) => ({
            codeError: msg(lookupRefusal(out<LookupCodeOutput>(e)) as string),
            ...refused(c),
          }),
        },
      ],
    },
    'xstate.error.actor.lookupCode': {
      lookingUp: [
        {
          target: 'editing',
          effect: (c, e) => ({ codeError: redeemReading(err(e)) ?? LATER, ...refused(c) }),
        },
      ],
    },
    'level.select': {
      choosing: [
        {
          when: (c, e) => c.levels.some((l) => l.id === e.levelId),
          target: null,
          effect: (_c, e) => ({ levelId: e.levelId }),
        },
      ],
    },
    redeem: {
      choosing: [
        {
          when: (c) => c.levelId !== null && c.levels.some((l) => l.id === c.levelId),
          target: 'checkingCart',
          effect: (_c, e) => ({ details: e.details ?? null, formError: null }),
        },
      ],
    },
    'xstate.done.actor.checkCart': {
      checkingCart: [
        { when: (_c, e) => out<{ holdsMembership: boolean }>(e).holdsMembership, target: 'cartConflict' },
        { target: 'reserving' },
      ],
    },
    'xstate.error.actor.checkCart': {
      checkingCart: [{ target: 'choosing', effect: (c) => ({ formError: LATER, ...refused(c) }) }],
    },
    'cart.discard': {
      cartConflict: [
        { target: 'discarding', effect: () => ({ formError: null }), calls: () => [closeDialog] },
      ],
    },
    'cart.checkout': { cartConflict: [{ target: null, calls: () => [{ action: 'goToCheckout' }] }] },
    'cart.dismiss': {
      cartConflict: [
        {
          target: 'choosing',
          effect: (c) => ({ formError: msg('redeemCartAction'), ...refused(c) }),
          calls: () => [closeDialog],
        },
      ],
    },
    'xstate.done.actor.discardCart': { discarding: [{ target: 'reserving' }] },
    'xstate.error.actor.discardCart': {
      discarding: [{ target: 'cartConflict', effect: (c) => ({ formError: LATER, ...refused(c) }) }],
    },
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        {
          label: 'reserved: the cart handed on, marked as a redeem',
          when: (_c, e) => out<{ status: string }>(e).status === 'reserved',
          target: 'checkingUpsells',
          effect: (_c, e) => ({ cart: out<{ cart: C['cart'] }>(e).cart }),
          calls: () => [{ action: 'reserved' }],
        },
        reserveFailed,
      ],
    },
    'xstate.error.actor.reserveIntoCart': { reserving: [reserveFailed] },
    'xstate.done.actor.checkUpsells': {
      checkingUpsells: [
        {
          when: (_c, e) => out<{ upsells: boolean }>(e).upsells,
          target: 'redeemed',
          calls: () => [{ action: 'goToEvents' }],
        },
        { target: 'redeemed', calls: () => [{ action: 'goToCheckout' }] },
      ],
    },
    'xstate.error.actor.checkUpsells': {
      checkingUpsells: [{ target: 'redeemed', calls: () => [{ action: 'goToCheckout' }] }],
    },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

export const CODE = 'GIFT000001';
const level = (id: string, rank: number, amount: number, discountedAmount: number | null): RedeemLevel => ({
  id,
  ticketGroupId: 'tg-membership',
  name: id,
  rank,
  amount,
  discountedAmount,
});
/**
 * Levels that separate the rule's formulas: a level discounted to its own amount (not discounted), one without a
 * discount, the lowest-rank discounted one left out of 3, equal discounted amounts ordered by amount descending,
 * and a rank order that differs from both sort keys.
 */
export const LEVELS: RedeemLevel[] = [
  level('Student', 0, 4000, 1000),
  level('Individual', 1, 6000, 0),
  level('Family', 3, 12000, 3000),
  level('Benefactor', 5, 100000, null),
  level('Patron', 4, 25000, 3000),
  level('Equal', 6, 8000, 8000),
];
/** What the spec offers of LEVELS: Patron (4), Family (3), Individual (1) by discounted amount, then amount. */
export const OFFERED = ['Individual', 'Patron', 'Family'];
const ONE = [level('Dual', 2, 9000, 500)];
const THREE = offered(LEVELS);

const FROM = Date.parse('2026-01-01T00:00:00Z');
const TO = Date.parse('2026-12-31T23:59:59Z');
const NOW = Date.parse('2026-06-01T12:00:00Z');
const lookup = (over: Partial<LookupCodeOutput>): LookupCodeOutput => ({
  validFrom: FROM,
  validTo: TO,
  exhausted: false,
  checkedAt: NOW,
  levels: LEVELS,
  ...over,
});

const base: C = {
  code: '',
  codeError: null,
  levels: [],
  levelId: null,
  details: null,
  formError: null,
  refusals: 0,
  cart: null,
};

export const worlds: World<C>[] = [
  { name: 'nothing typed', context: base },
  { name: 'a 10-character code', context: { ...base, code: CODE } },
  { name: 'a 10-character code between spaces', context: { ...base, code: `  ${CODE} ` } },
  { name: '9 characters, a refusal shown', context: { ...base, code: 'GIFT00001', codeError: msg('x') } },
  { name: '11 characters', context: { ...base, code: `${CODE}1`, refusals: 3 } },
  {
    name: 'three levels, none chosen',
    context: { ...base, code: CODE, levels: THREE, formError: LATER, refusals: 1 },
  },
  {
    name: 'three levels, Patron chosen, members given',
    context: {
      ...base,
      code: ` ${CODE}`,
      levels: THREE,
      levelId: 'Patron',
      details: { members: [{ a: 1 }] },
    },
  },
  {
    name: 'one level chosen, details without members',
    context: { ...base, code: CODE, levels: ONE, levelId: 'Dual', details: { note: 'x' }, refusals: 2 },
  },
  {
    name: 'a level chosen that is not offered',
    context: { ...base, code: CODE, levels: THREE, levelId: 'Benefactor', codeError: msg('y') },
  },
  {
    name: 'reserved already, a cart',
    context: { ...base, code: CODE, levels: ONE, levelId: 'Dual', cart: cart(), formError: LATER },
  },
];

const members = [{ partyRole: 'member', firstName: 'Ada', lastName: 'Lovelace' }];
/** The actor events without their actorId (the machine reads only type, output and error). */
export const events = [
  { name: 'type nothing', event: { type: 'code.change', value: '' } },
  { name: 'type a code', event: { type: 'code.change', value: 'GIFT000002' } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'choose Patron', event: { type: 'level.select', levelId: 'Patron' } },
  { name: 'choose Dual', event: { type: 'level.select', levelId: 'Dual' } },
  { name: 'choose Benefactor (not offered)', event: { type: 'level.select', levelId: 'Benefactor' } },
  { name: 'redeem with members', event: { type: 'redeem', details: { members } } },
  { name: 'redeem without details', event: { type: 'redeem' } },
  { name: 'discard', event: { type: 'cart.discard' } },
  { name: 'checkout', event: { type: 'cart.checkout' } },
  { name: 'close the dialog', event: { type: 'cart.dismiss' } },
  ...(
    [
      ['valid, 6 levels', lookup({})],
      ['valid, one level', lookup({ levels: ONE })],
      ['valid, no bounds', lookup({ validFrom: null, validTo: null })],
      ['valid at valid_from', lookup({ checkedAt: FROM })],
      ['valid at valid_to', lookup({ checkedAt: TO })],
      ['1 ms before valid_from', lookup({ checkedAt: FROM - 1 })],
      ['1 ms after valid_to', lookup({ checkedAt: TO + 1 })],
      ['after valid_to, no valid_from', lookup({ validFrom: null, checkedAt: TO + 1 })],
      ['before valid_from, no valid_to', lookup({ validTo: null, checkedAt: FROM - 1 })],
      ['exhausted', lookup({ exhausted: true })],
      ['exhausted and expired', lookup({ exhausted: true, checkedAt: TO + 1 })],
      ['expired, no level', lookup({ checkedAt: TO + 1, levels: [] })],
      [
        'no discounted level',
        lookup({ levels: [level('Benefactor', 5, 100000, null), LEVELS[5] as RedeemLevel] }),
      ],
    ] as const
  ).map(([name, output]) => ({
    name: `looked up: ${name}`,
    event: { type: 'xstate.done.actor.lookupCode', output } as E,
  })),
  ...(
    [
      ['not_found', { code: 'not_found', status: 404 }],
      ['code_expired', { code: 'code_expired', status: 400 }],
      ['too many', { code: 'too_many_attempts', status: 429 }],
      ['rule_blocks_reserve', { code: 'rule_blocks_reserve', context: 'checkout_rules', status: 400 }],
      ['described', { code: 'member_limit_exceeded', status: 400, description: 'Over your limit.' }],
      ['no code', new Error('offline')],
    ] as const
  ).map(([name, error]) => ({
    name: `lookup failed: ${name}`,
    event: { type: 'xstate.error.actor.lookupCode', error } as E,
  })),
  { name: 'cart free', event: { type: 'xstate.done.actor.checkCart', output: { holdsMembership: false } } },
  {
    name: 'cart holds one',
    event: { type: 'xstate.done.actor.checkCart', output: { holdsMembership: true } },
  },
  {
    name: 'cart check failed',
    event: { type: 'xstate.error.actor.checkCart', error: { code: 'unexpected' } },
  },
  { name: 'discarded', event: { type: 'xstate.done.actor.discardCart', output: undefined } },
  {
    name: 'discard failed',
    event: { type: 'xstate.error.actor.discardCart', error: { code: 'unexpected' } },
  },
  {
    name: 'reserved',
    event: { type: 'xstate.done.actor.reserveIntoCart', output: reservedOutput(cart()) },
  },
  ...(
    [
      ['code exhausted', { code: 'code_exhausted', status: 400 }],
      ['code expired', { code: 'code_expired', status: 400 }],
      ['code unknown', { code: 'code_not_found', status: 404 }],
      ['checkout rule', { code: 'rule_blocks_reserve', context: 'checkout_rules', status: 400 }],
      ['another rule', { code: 'rule_blocks_reserve', context: 'membership_rules', status: 400 }],
      ['not an email', { code: 'validate_not_email', status: 400 }],
      ['described', { code: 'member_limit_exceeded', status: 400, description: 'Over your limit.' }],
      ['server', { code: 'internal_error', status: 500 }],
    ] as const
  ).map(([name, error]) => ({
    name: `reserve refused: ${name}`,
    event: { type: 'xstate.done.actor.reserveIntoCart', output: refusedOutput(error) } as E,
  })),
  {
    name: 'reserve core failed',
    event: { type: 'xstate.error.actor.reserveIntoCart', error: new Error('the reserve core failed') },
  },
  {
    name: 'reserve core failed with a code',
    event: { type: 'xstate.error.actor.reserveIntoCart', error: { code: 'code_expired' } },
  },
  { name: 'upsells on', event: { type: 'xstate.done.actor.checkUpsells', output: { upsells: true } } },
  { name: 'upsells off', event: { type: 'xstate.done.actor.checkUpsells', output: { upsells: false } } },
  { name: 'upsell check failed', event: { type: 'xstate.error.actor.checkUpsells', error: { code: 'x' } } },
] as EventSample<E>[];
