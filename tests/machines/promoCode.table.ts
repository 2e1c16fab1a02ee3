/**
 * The promo code box's and the blocked-cart form's independent transition table (issue 29; promoCode.table.test.ts
 * holds the machine to it), written from spec 2 §2 (the promo box; the blocked-cart form requires a code), §5
 * ("Promo code: trimmed; minimum length 2 (Apply disabled below it); maximum 35. Blocked-cart code: required,
 * minimum 2"), §7 (POST apply_code: codes, require_benefit), §8 (the promo errors shown, "Please try another
 * one." for code errors, unknown ones "Sorry. Please try again later.", default '"{code}" is not a valid promo
 * code.') and spec 1 §8 (duplicate_code: alone the code is on the cart already; with a second error that one is
 * thrown), not read from the machine:
 *
 * - editing: typing keeps at most 35 characters and clears the field's error; Apply with a trimmed code of 2 to
 *   35 characters applies it, anything else is refused in the field (required, at least 2, at most 35: the texts
 *   ours), counted, without a call.
 * - applying: apply_code with the trimmed code and require_benefit; the fresh cart goes to the app cart, the field
 *   clears and the notice names the code; a refusal keeps what was typed and shows the spec's message; a code
 *   error marks the code refused (the blocked form's "Please try another one.").
 * - applied: the notice stays for a while (8 s, ours) or until the visitor types again.
 *
 * Where the spec is silent the table follows the code's documented reading: typing and Apply wait while the code
 * is applied; duplicate_code alone ends as applied without a cart to hand on (the cart did not change).
 */
import type { CartModel } from '../../api/models';
import type { PromoCodeContext, PromoCodeEvent } from '../../machines/promoCode/types';
import type { Message } from '../../machines/shared/messages';
import type { Call, EventSample, Table, World } from './transition-table';

type C = PromoCodeContext;
export const NOTICE = 'xstate.after.appliedNotice.promoCode.applied';
type E =
  | PromoCodeEvent
  | { type: 'xstate.done.actor.applyCode'; output: CartModel }
  | { type: 'xstate.error.actor.applyCode'; error: unknown }
  | { type: typeof NOTICE };
type S = 'editing' | 'applying' | 'applied';

// ---- the oracle (spec 2 §5, §8; spec 1 §8) ----------------------------------------------------------------

const SPEC = { min: 2, max: 35, noticeMs: 8000 };
/** Spec 2 §5: trimmed (spaces, tabs and line ends at either end). */
const trim = (typed: string) => typed.replace(/^\s+|\s+$/g, '');
const kept = (typed: string) => typed.substring(0, SPEC.max);
const fits = (typed: string) => trim(typed).length >= SPEC.min && trim(typed).length <= SPEC.max;
const m = (key: string, params?: Record<string, string | number>): Message =>
  (params ? { key, params } : { key }) as Message;
/** The field's refusal: required, at least 2, at most 35 (the texts ours). */
export function fieldRefusal(typed: string): Message {
  const n = trim(typed).length;
  if (n === 0) return m('inputEmpty');
  return n < SPEC.min ? m('promoCodeTooShort', { min: SPEC.min }) : m('promoCodeTooLong', { max: SPEC.max });
}
/** Spec 2 §8: the promo errors shown to the user. */
export const SHOWN = [
  'code_exhausted',
  'code_not_found',
  'additional_info_validation_failed',
  'validation_failed',
  'invalid_citypass',
  'citypass_failure',
  'no_code_benefit',
];
interface Err {
  code: string;
  description?: string | null;
  status?: number;
  more?: Err[];
}
const asErr = (error: unknown): Err =>
  error && typeof error === 'object' && typeof (error as Err).code === 'string'
    ? (error as Err)
    : { code: 'unexpected' };
/** Spec 1 §8: duplicate_code alone is no refusal (null); with a second error, that one is. */
const refusalOf = (error: unknown): Err | null => {
  const e = asErr(error);
  if (e.code !== 'duplicate_code') return e;
  return e.more && e.more.length > 0 ? asErr(e.more[0]) : null;
};
/** Spec 2 §8: a shown promo error's description, or '"{code}" is not a valid promo code.'; else the unknown text. */
export function refusalMessage(e: Err, code: string): Message {
  if (!SHOWN.includes(e.code)) return m('promoUnknown');
  const description = typeof e.description === 'string' && e.description.trim() ? e.description : null;
  return description ? m('errorDescription', { description }) : m('promoInvalid', { code });
}
const appliedNow = (c: C) => ({ applied: trim(c.code), code: '' });
const notice: Call = { after: SPEC.noticeMs, event: NOTICE };

export const table: Table<C, E, S> = {
  initial: 'editing',
  states: {
    editing: {},
    applying: {
      entry: {
        calls: (c) => [{ invoke: 'applyCode', input: { codes: [trim(c.code)], requireBenefit: true } }],
      },
    },
    applied: { entry: { calls: () => [notice] } },
  },
  on: {
    'code.change': {
      editing: [{ target: null, effect: (_c, e) => ({ code: kept(e.value), fieldError: null }) }],
      applied: [
        { target: 'editing', effect: (_c, e) => ({ applied: null, code: kept(e.value), fieldError: null }) },
      ],
    },
    apply: {
      editing: [
        {
          label: '2 to 35 characters trimmed',
          when: (c) => fits(c.code),
          target: 'applying',
          effect: () => ({ fieldError: null, error: null, codeRefused: false, applied: null }),
        },
        {
          label: 'refused in the field',
          target: null,
          effect: (c) => ({
            fieldError: fieldRefusal(c.code),
            error: null,
            codeRefused: false,
            refusals: c.refusals + 1,
          }),
        },
      ],
    },
    'xstate.done.actor.applyCode': {
      applying: [
        {
          target: 'applied',
          effect: appliedNow,
          calls: (_c, e) => [{ action: 'cartApplied', params: { cart: e.output } }],
        },
      ],
    },
    'xstate.error.actor.applyCode': {
      applying: [
        {
          label: 'duplicate_code alone: applied already',
          when: (_c, e) => refusalOf(e.error) === null,
          target: 'applied',
          effect: appliedNow,
        },
        {
          label: 'refused',
          target: 'editing',
          effect: (c, e) => {
            const refusal = refusalOf(e.error) as Err;
            return {
              error: refusalMessage(refusal, trim(c.code)),
              codeRefused: SHOWN.includes(refusal.code),
              refusals: c.refusals + 1,
            };
          },
        },
      ],
    },
    [NOTICE]: { applied: [{ target: 'editing', effect: () => ({ applied: null }) }] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

const base = (kind: C['kind'], code: string): C => ({
  kind,
  code,
  fieldError: null,
  error: null,
  codeRefused: false,
  applied: null,
  refusals: 0,
});
const refused = m('promoInvalid', { code: 'NOPE' });

export const worlds: World<C>[] = [
  { name: 'promo box, nothing typed', context: base('promo', '') },
  { name: 'promo box, one character', context: { ...base('promo', 'W'), fieldError: m('inputEmpty') } },
  { name: 'blocked form, one character between spaces', context: { ...base('blocked', ' W '), refusals: 1 } },
  { name: 'blocked form, only spaces', context: base('blocked', '   ') },
  { name: 'blocked form, two characters between spaces', context: base('blocked', '  AB  ') },
  {
    name: 'promo box, a code with spaces, an earlier code refusal',
    context: { ...base('promo', '  WELCOME20 '), error: refused, codeRefused: true, refusals: 2 },
  },
  { name: 'promo box, 35 characters', context: base('promo', 'C'.repeat(35)) },
  { name: 'blocked form, 35 characters between spaces', context: base('blocked', ` ${'C'.repeat(35)}\t`) },
  { name: 'blocked form, 36 characters', context: base('blocked', 'L'.repeat(36)) },
  {
    name: 'promo box, WELCOME20 just applied',
    context: { ...base('promo', ''), applied: 'WELCOME20', refusals: 3 },
  },
];

const cart = (outstandingCents: number): CartModel => ({
  id: 'cart-1',
  number: 'N-1',
  state: 'pending',
  identityId: 'public',
  expiresAt: null,
  expiresIn: 900,
  ticketCount: 2,
  heldTicketCount: 2,
  items: [],
  totals: {
    subtotalCents: 5000,
    feesFixedCents: 0,
    feesPercentCents: 0,
    discountCents: 5000 - outstandingCents,
    paymentsCents: 0,
    outstandingCents,
  },
  currency: 'USD',
  orderIds: [],
  promoCodes: ['WELCOME20'],
});
const failed = (name: string, error: unknown): EventSample<E> => ({
  name: `apply failed: ${name}`,
  event: { type: 'xstate.error.actor.applyCode', error },
});
const DUP = {
  code: 'duplicate_code',
  status: 400,
  description: 'The code "WELCOME20" has already been applied.',
};

export const events: EventSample<E>[] = [
  { name: 'type nothing', event: { type: 'code.change', value: '' } },
  { name: 'type one character', event: { type: 'code.change', value: 'W' } },
  { name: 'type a code with spaces', event: { type: 'code.change', value: '  WELCOME20 ' } },
  { name: 'type 35 characters', event: { type: 'code.change', value: 'C'.repeat(35) } },
  { name: 'type 36 characters', event: { type: 'code.change', value: `${'L'.repeat(35)}X` } },
  { name: 'apply', event: { type: 'apply' } },
  { name: 'applied: the fresh cart', event: { type: 'xstate.done.actor.applyCode', output: cart(4000) } },
  failed('not found, described', { code: 'code_not_found', status: 404, description: 'Not a code we know.' }),
  failed('used up, described', { code: 'code_exhausted', status: 400, description: 'The code is used up.' }),
  failed('no benefit, no description', { code: 'no_code_benefit', status: 400, description: null }),
  failed('validation, a blank description', { code: 'validation_failed', status: 400, description: '  ' }),
  failed('additional info', { code: 'additional_info_validation_failed', status: 400 }),
  failed('an invalid city pass', { code: 'invalid_citypass', status: 400, description: 'Bad pass.' }),
  failed('a city pass failure', { code: 'citypass_failure', status: 502 }),
  failed('unexpected, described', { code: 'unexpected', status: 500, description: 'Boom.' }),
  failed('an unknown code', { code: 'rule_blocks_reserve', status: 400, description: 'Blocked.' }),
  failed('not an error object', 'network down'),
  failed('duplicate_code alone', DUP),
  failed('duplicate_code, an empty list of more', { ...DUP, more: [] }),
  failed('duplicate_code with not found', {
    ...DUP,
    more: [{ code: 'code_not_found', status: 400, description: '"NOPE" is not a valid promo code.' }],
  }),
  failed('duplicate_code with an unexpected one', { ...DUP, more: [{ code: 'unexpected', status: 400 }] }),
  failed('duplicate_code with another duplicate', { ...DUP, more: [DUP, { code: 'code_not_found' }] }),
  { name: 'the notice’s time is up', event: { type: NOTICE } },
];
