/**
 * The gift card field's independent transition table (issue 29; giftCard.table.test.ts holds the machine to it),
 * written from spec 2 §3 ("Ledger / gift card"; pending gift card payments: cardNumber, remainingBalance,
 * paymentAmount), §4 "Gift cards" and "Scheduled payments", §5, §7 (GET ledger/{ledgerType}/{cardNumber}) and §8,
 * not read from the machine:
 *
 * - editing: typing keeps at most 70 characters and clears the field's error; Apply with no number is refused
 *   ("required", the text ours), a card applied already too ("Oops! You already applied this gift card"), both
 *   without a call and counted (the view moves focus on each refusal); any other number is looked up.
 * - lookingUp: GET ledger/gift_card/{number}; a card with balance above 0 and state active is applied (a pending
 *   payment, the field cleared, the payments handed on); balance 0 or less or not active: "Gift Card balance is
 *   $0"; 404: "Gift card not found."; any other failure "We are having trouble with that sorry. Please try again
 *   later.". Typing and Apply wait for the answer (the code's reading; the spec is silent).
 * - anywhere: the amount due (the cart's outstanding balance) or the checkout's amount to pay now (a payment plan's
 *   choice, spec 2 §4) changes, or checkout spends a card: the cards are spread again and handed on.
 *
 * Where the spec is silent the table follows the code's documented reading: the number is compared and looked up
 * without the spaces and dashes people type between digits; a negative amount due or limit counts as 0; a card
 * spent that was not applied still hands the (unchanged) payments on.
 */
import type { GiftCardPayment } from '../../api/models';
import type { GiftCardContext, GiftCardEvent, LookupCardOutput } from '../../machines/giftCard/types';
import type { Message } from '../../machines/shared/messages';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = GiftCardContext;
interface Err {
  code: string;
  status?: number;
  description?: string;
  context?: string;
}
type E =
  | GiftCardEvent
  | { type: 'xstate.done.actor.lookupCard'; output: LookupCardOutput }
  | { type: 'xstate.error.actor.lookupCard'; error: Err };
type S = 'editing' | 'lookingUp';

// ---- the oracle (spec 2 §3, §4, §5, §8) -------------------------------------------------------------------

/** Spec 2 §5, §9: at most 70 characters. */
const kept = (typed: string) => [...typed].slice(0, 70).join('');
/** The number compared and looked up: without spaces and dashes (the code's reading). */
export const bare = (typed: string) => typed.split(/[\s-]/).join('');
const msg = (key: string): Message => ({ key }) as Message;
export const MESSAGES = {
  required: msg('giftCardRequired'),
  duplicate: msg('giftCardDuplicate'),
  empty: msg('giftCardEmpty'),
  notFound: msg('giftCardNotFound'),
  trouble: msg('giftCardTrouble'),
};

/**
 * Spec 2 §3: each applied card, in the order applied, pays what it can of what the earlier ones left; spec 2 §4:
 * of what the checkout pays now when a payment plan makes that less than what is due.
 */
export function payments(
  balances: Record<string, number>,
  due: number,
  limit: number | null,
): GiftCardPayment[] {
  let left = limit !== null && limit < due ? limit : due;
  if (left < 0) left = 0;
  const out: GiftCardPayment[] = [];
  for (const [cardNumber, balance] of Object.entries(balances)) {
    const paymentCents = balance < left ? Math.max(balance, 0) : left;
    left -= paymentCents;
    out.push({ cardNumber, paymentCents, remainingBalanceCents: balance - paymentCents });
  }
  return out;
}
const handOn = (after: C): Call[] => [
  { action: 'cardsChanged', params: { cards: after.cards, limitCents: after.limitCents } },
];
const nonNegative = (cents: number) => (cents < 0 ? 0 : cents);
/** Spec 2 §4: usable is a balance above 0 and the state active. */
const usable = (card: LookupCardOutput) => card.state === 'active' && card.balanceCents >= 1;
/** Spec 2 §8: 404 (the not-found code too) is "Gift card not found."; anything else the trouble message. */
const lookupError = (error: Err) =>
  error.status === 404 || error.code === 'not_found' ? MESSAGES.notFound : MESSAGES.trouble;
const refused = (c: C) => ({ refusals: c.refusals + 1 });

const respread = <Ev>(
  change: (c: C, e: Ev) => Pick<C, 'balances' | 'dueCents' | 'limitCents'>,
): Row<C, Ev> => ({
  target: null,
  effect: (c, e) => {
    const next = change(c, e);
    return { ...next, cards: payments(next.balances, next.dueCents, next.limitCents) };
  },
  calls: (_c, _e, after) => handOn(after),
});

export const table: Table<C, E, S> = {
  initial: 'editing',
  states: {
    editing: {},
    lookingUp: {
      entry: {
        calls: (c) => [{ invoke: 'lookupCard', input: { ledgerType: 'gift_card', number: bare(c.number) } }],
      },
    },
  },
  on: {
    'number.change': {
      editing: [{ target: null, effect: (_c, e) => ({ number: kept(e.value), fieldError: null }) }],
    },
    apply: {
      editing: [
        {
          label: 'no number: required',
          when: (c) => bare(c.number) === '',
          target: null,
          effect: (c) => ({ fieldError: MESSAGES.required, error: null, ...refused(c) }),
        },
        {
          label: 'applied already',
          when: (c) => c.cards.some((card) => card.cardNumber === bare(c.number)),
          target: null,
          effect: (c) => ({ fieldError: MESSAGES.duplicate, error: null, ...refused(c) }),
        },
        { label: 'look it up', target: 'lookingUp', effect: () => ({ fieldError: null, error: null }) },
      ],
    },
    'xstate.done.actor.lookupCard': {
      lookingUp: [
        {
          label: 'usable: applied',
          when: (_c, e) => usable(e.output),
          target: 'editing',
          effect: (c, e) => {
            const balances = { ...c.balances, [bare(c.number)]: e.output.balanceCents };
            return { balances, cards: payments(balances, c.dueCents, c.limitCents), number: '' };
          },
          calls: (_c, _e, after) => handOn(after),
        },
        {
          label: '$0 or not active',
          target: 'editing',
          effect: (c) => ({ error: MESSAGES.empty, ...refused(c) }),
        },
      ],
    },
    'xstate.error.actor.lookupCard': {
      lookingUp: [{ target: 'editing', effect: (c, e) => ({ error: lookupError(e.error), ...refused(c) }) }],
    },
    'due.change': {
      '*': [
        respread((c, e) => ({
          balances: c.balances,
          dueCents: nonNegative(e.dueCents),
          limitCents: c.limitCents,
        })),
      ],
    },
    'limit.change': {
      '*': [
        respread((c, e) => ({
          balances: c.balances,
          dueCents: c.dueCents,
          limitCents: e.limitCents === null ? null : nonNegative(e.limitCents),
        })),
      ],
    },
    'card.spent': {
      '*': [
        respread((c, e) => ({
          balances: Object.fromEntries(Object.entries(c.balances).filter(([n]) => n !== e.cardNumber)),
          dueCents: c.dueCents,
          limitCents: c.limitCents,
        })),
      ],
    },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

export const CARD_A = '7000000000000010';
export const CARD_B = '7000000000000200';
const CARD_C = '7000000000000300';
const DUE = 2650;

/** A context with these cards applied (their balances, in the order applied). */
function withCards(balances: Record<string, number>, due = DUE, limit: number | null = null): C {
  return {
    number: '',
    dueCents: due,
    limitCents: limit,
    cards: payments(balances, due, limit),
    fieldError: null,
    error: null,
    balances,
    refusals: 0,
    cartActor: null,
    checkoutActor: null,
  };
}
const none = withCards({});
const two = withCards({ [CARD_A]: 1000, [CARD_B]: 20000 });

export const worlds: World<C>[] = [
  { name: 'nothing typed, no card', context: none },
  { name: 'only spaces and a dash typed', context: { ...none, number: ' - ', refusals: 2 } },
  {
    name: 'card A typed with spaces, no card, an earlier field error',
    context: { ...none, number: '7000 0000 0000 0010', fieldError: MESSAGES.required, refusals: 1 },
  },
  {
    name: 'card A typed with dashes, A and B applied (A pays 10.00, B the rest)',
    context: { ...two, number: '7000-0000-0000-0010' },
  },
  {
    name: 'card C typed, A and B applied, an earlier refusal',
    context: { ...two, number: CARD_C, error: MESSAGES.empty, refusals: 3 },
  },
  {
    name: 'card B typed, B then A applied, a plan pays 15.00 now',
    context: { ...withCards({ [CARD_B]: 1200, [CARD_A]: 20000 }, DUE, 1500), number: CARD_B },
  },
  {
    name: 'three cards, a plan above the amount due',
    context: { ...withCards({ [CARD_C]: 300, [CARD_A]: 500, [CARD_B]: 9000 }, DUE, 4000), number: CARD_C },
  },
  {
    name: 'A applied, nothing due',
    context: { ...withCards({ [CARD_A]: 1000 }, 0), number: CARD_B },
  },
  {
    name: 'A applied, a plan paying nothing now',
    context: { ...withCards({ [CARD_A]: 1000 }, DUE, 0), number: `${CARD_B}9` },
  },
];

const lookedUp = (name: string, output: LookupCardOutput): EventSample<E> => ({
  name: `looked up: ${name}`,
  event: { type: 'xstate.done.actor.lookupCard', output },
});
const failed = (name: string, error: Err): EventSample<E> => ({
  name: `lookup failed: ${name}`,
  event: { type: 'xstate.error.actor.lookupCard', error },
});

export const events: EventSample<E>[] = [
  { name: 'type nothing', event: { type: 'number.change', value: '' } },
  { name: 'type card A with spaces', event: { type: 'number.change', value: '7000 0000 0000 0010' } },
  { name: 'type 70 characters', event: { type: 'number.change', value: '8'.repeat(70) } },
  { name: 'type 71 characters', event: { type: 'number.change', value: `${'9'.repeat(70)}1` } },
  { name: 'apply', event: { type: 'apply' } },
  lookedUp('$10.00 active', { number: CARD_A, state: 'active', balanceCents: 1000 }),
  lookedUp('$200.00 active', { number: CARD_B, state: 'active', balanceCents: 20000 }),
  lookedUp('1 cent active', { number: CARD_C, state: 'active', balanceCents: 1 }),
  lookedUp('$0 active', { number: CARD_C, state: 'active', balanceCents: 0 }),
  lookedUp('-$5 active', { number: CARD_C, state: 'active', balanceCents: -500 }),
  lookedUp('$25.00 inactive', { number: CARD_C, state: 'inactive', balanceCents: 2500 }),
  lookedUp('$25.00 Active (another spelling)', { number: CARD_C, state: 'Active', balanceCents: 2500 }),
  failed('404', { code: 'not_found', status: 404, context: 'ledger', description: 'Gift card not found.' }),
  failed('a 404 of another code', { code: 'no_such_card', status: 404 }),
  failed('not_found without a status', { code: 'not_found' }),
  failed('500', { code: 'unexpected', status: 500 }),
  failed('400 with a description', { code: 'validation_failed', status: 400, description: 'Bad number' }),
  { name: 'due 5.00', event: { type: 'due.change', dueCents: 500 } },
  { name: 'due 0', event: { type: 'due.change', dueCents: 0 } },
  { name: 'due -1.00', event: { type: 'due.change', dueCents: -100 } },
  { name: 'due 1000.00', event: { type: 'due.change', dueCents: 100000 } },
  { name: 'no plan', event: { type: 'limit.change', limitCents: null } },
  { name: 'plan: 15.00 now', event: { type: 'limit.change', limitCents: 1500 } },
  { name: 'plan: 0 now', event: { type: 'limit.change', limitCents: 0 } },
  { name: 'plan: -1 now', event: { type: 'limit.change', limitCents: -1 } },
  { name: 'plan: 50.00 now', event: { type: 'limit.change', limitCents: 5000 } },
  { name: 'card A spent', event: { type: 'card.spent', cardNumber: CARD_A } },
  { name: 'card B spent', event: { type: 'card.spent', cardNumber: CARD_B } },
  { name: 'an unknown card spent', event: { type: 'card.spent', cardNumber: '123' } },
];
