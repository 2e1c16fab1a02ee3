/**
 * The scheduled payments panel's independent transition table (issue 29; scheduledPayments.table.test.ts holds
 * the machine to it), written from spec 2 §4 "Scheduled payments" (options due, outstanding, other; default due;
 * only outstanding when the due amount equals the outstanding balance; the amount to pay is the due amount, the
 * outstanding balance or the custom amount), §5 (the custom amount is clamped between the due amount and the
 * outstanding balance and shown with 2 decimals), §8 (the partial payment's message names the next payment) and
 * §9, not read from the machine:
 *
 * - deciding (transient): due, or outstandingOnly when the due amount is the outstanding balance.
 * - due, outstanding, other: choosing another option moves there; entering an option tells the amount to pay
 *   (`amountChosen`). In other, typing sets the custom amount, clamped as it is typed (what is no amount keeps the
 *   amount before), and tells it; leaving the field writes it with 2 decimals.
 * - anywhere: a cart whose due amount or outstanding balance changed chooses again from the default, the custom
 *   amount back at the due amount; one with the same amounts keeps the choice and takes its list. A partial
 *   payment made is kept with the next payment left after it (earliest scheduled payments paid first).
 *
 * Where the spec is silent the table follows the code's documented reading: the field keeps 16 characters;
 * commas, spaces and a dollar sign are ignored in what is typed; negative amounts count as 0 and the due amount
 * is at most the outstanding balance; choosing the option already chosen does nothing.
 */
import type {
  ScheduledPaymentsContext,
  ScheduledPaymentsEvent,
} from '../../machines/scheduledPayments/types';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = ScheduledPaymentsContext;
type E = ScheduledPaymentsEvent;
type S = 'deciding' | 'due' | 'outstanding' | 'other' | 'outstandingOnly';
type Option = 'due' | 'outstanding' | 'other';

// ---- the oracle (spec 2 §4, §5, §8) ------------------------------------------------------------------------

/** Spec 2 §5: 2 decimals ('1234.50'). */
export const twoDecimals = (cents: number) => {
  const whole = Math.max(0, Math.round(cents));
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};
/** What was typed, in cents, or null when it is no amount (at most 9 digits before the point). */
export function typedCents(value: string): number | null {
  const bare = value
    .split('')
    .filter((ch) => !/[\s,$]/.test(ch))
    .join('');
  const match = /^(\d{0,9})(?:\.(\d*))?$/.exec(bare);
  if (!match || (match[1] === '' && !match[2])) return null;
  return Math.round(Number(`${match[1] || '0'}.${match[2] || '0'}`) * 100);
}
/** Spec 2 §5: between the due amount and the outstanding balance. */
export const clamp = (cents: number, c: Pick<C, 'dueCents' | 'outstandingCents'>) => {
  if (cents < c.dueCents) return c.dueCents;
  return cents > c.outstandingCents ? c.outstandingCents : cents;
};
/** Spec 2 §4: the amount to pay of an option. */
export const amountOf = (option: Option, c: C) =>
  option === 'due' ? c.dueCents : option === 'outstanding' ? c.outstandingCents : c.customCents;
const tell =
  (option: Option) =>
  (c: C): Call[] => [{ action: 'amountChosen', params: { amountCents: amountOf(option, c) } }];
/** The cart's amounts as the panel keeps them: nothing below 0, the due amount within the outstanding balance. */
const normalized = (e: { dueCents: number; outstandingCents: number }) => {
  const outstandingCents = e.outstandingCents < 0 ? 0 : e.outstandingCents;
  const due = e.dueCents < 0 ? 0 : e.dueCents;
  return { outstandingCents, dueCents: due > outstandingCents ? outstandingCents : due };
};
/** After paying an amount, earliest due first: the payment and the next scheduled payment left. */
export function made(scheduled: C['scheduled'], amountCents: number): NonNullable<C['payment']> {
  const byDue = scheduled
    .slice()
    .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  let left = amountCents;
  for (const p of byDue) {
    if (left >= p.amountCents) {
      left -= p.amountCents;
      continue;
    }
    return { amountCents, next: { amountCents: p.amountCents - left, dueDate: p.dueDate } };
  }
  return { amountCents, next: null };
}

const choose = (rows: Partial<Record<Option, S>>): Row<C, Extract<E, { type: 'option.choose' }>>[] =>
  Object.entries(rows).map(([option, target]) => ({
    label: `chose ${option}`,
    when: (_c, e) => e.option === option,
    target: target as S,
  }));

export const table: Table<C, E, S> = {
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        {
          label: 'due is outstanding',
          when: (c) => c.dueCents === c.outstandingCents,
          target: 'outstandingOnly',
        },
        { label: 'default: due', target: 'due' },
      ],
    },
    due: { entry: { calls: tell('due') } },
    outstanding: { entry: { calls: tell('outstanding') } },
    other: { entry: { calls: tell('other') } },
    outstandingOnly: { entry: { calls: tell('outstanding') } },
  },
  on: {
    'option.choose': {
      due: choose({ outstanding: 'outstanding', other: 'other' }),
      outstanding: choose({ due: 'due', other: 'other' }),
      other: choose({ due: 'due', outstanding: 'outstanding' }),
    },
    'amount.change': {
      other: [
        {
          target: null,
          effect: (c, e) => ({
            customText: e.value.substring(0, 16),
            customCents: clamp(typedCents(e.value) ?? c.customCents, c),
          }),
          calls: (_c, _e, after) => tell('other')(after),
        },
      ],
    },
    'amount.commit': {
      other: [{ target: null, effect: (c) => ({ customText: twoDecimals(c.customCents) }) }],
    },
    'cart.updated': {
      '*': [
        {
          label: 'other amounts: choose again',
          when: (c, e) => {
            const n = normalized(e);
            return n.dueCents !== c.dueCents || n.outstandingCents !== c.outstandingCents;
          },
          target: 'deciding',
          effect: (_c, e) => {
            const n = normalized(e);
            return {
              ...n,
              scheduled: e.scheduled,
              customCents: n.dueCents,
              customText: twoDecimals(n.dueCents),
            };
          },
        },
        {
          label: 'the same amounts: the list follows',
          target: null,
          effect: (_c, e) => ({ scheduled: e.scheduled }),
        },
      ],
    },
    'payment.made': {
      '*': [{ target: null, effect: (c, e) => ({ payment: made(c.scheduled, e.amountCents) }) }],
    },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

export const SCHEDULE = [
  { id: 'sp-0', dueDate: '2026-11-21T15:15:00.000Z', amountCents: 5000, status: 'upcoming' },
  { id: 'sp-1', dueDate: '2026-11-28T15:00:00.000Z', amountCents: 7500, status: 'upcoming' },
  { id: 'sp-2', dueDate: '2026-12-05T15:00:00.000Z', amountCents: 7500, status: 'upcoming' },
];
/** The same payments listed out of due order, one overdue. */
const SHUFFLED = [
  { id: 'sp-2', dueDate: '2026-12-05T15:00:00.000Z', amountCents: 7500, status: 'upcoming' },
  { id: 'sp-0', dueDate: '2026-11-01T15:15:00.000Z', amountCents: 3000, status: 'overdue' },
  { id: 'sp-1', dueDate: '2026-11-28T15:00:00.000Z', amountCents: 6000, status: 'upcoming' },
];
const LAST = [SCHEDULE[2] as (typeof SCHEDULE)[number]];

const ctx = (dueCents: number, outstandingCents: number, scheduled = SCHEDULE): C => ({
  dueCents,
  outstandingCents,
  scheduled,
  cartActor: null,
  customCents: dueCents,
  customText: twoDecimals(dueCents),
  payment: null,
});

export const worlds: World<C>[] = [
  { name: '50.00 due of 200.00', context: ctx(5000, 20000) },
  {
    name: '50.00 due of 200.00, 123.45 typed, a payment made',
    context: {
      ...ctx(5000, 20000),
      customCents: 12345,
      customText: '123.45',
      payment: { amountCents: 2500, next: { amountCents: 2500, dueDate: SCHEDULE[0]?.dueDate ?? '' } },
    },
  },
  {
    name: '90.00 due of 165.00, listed out of due order',
    context: { ...ctx(9000, 16500, SHUFFLED), customText: '90' },
  },
  { name: '75.00 due of 75.00 (the last payment)', context: ctx(7500, 7500, LAST) },
  { name: 'nothing due of 100.00', context: { ...ctx(0, 10000), customCents: 4000, customText: '40.0' } },
  { name: 'nothing due of nothing, no schedule', context: ctx(0, 0, []) },
];

const updated = (
  name: string,
  dueCents: number,
  outstandingCents: number,
  scheduled = SCHEDULE,
): EventSample<E> => ({
  name: `cart: ${name}`,
  event: { type: 'cart.updated', dueCents, outstandingCents, scheduled },
});
const typed = (value: string): EventSample<E> => ({
  name: `type '${value}'`,
  event: { type: 'amount.change', value },
});

export const events: EventSample<E>[] = [
  { name: 'choose due', event: { type: 'option.choose', option: 'due' } },
  { name: 'choose outstanding', event: { type: 'option.choose', option: 'outstanding' } },
  { name: 'choose other', event: { type: 'option.choose', option: 'other' } },
  typed('10'),
  typed('60.5'),
  typed('250.00'),
  typed('abc'),
  typed(''),
  typed('.'),
  typed('.5'),
  typed('$1,234.5'),
  typed(' 75 '),
  typed('99.999'),
  typed('123456789'),
  typed('1234567890'),
  typed('12.3.4'),
  typed('-60'),
  typed('150.0000000000000000'),
  { name: 'leave the field', event: { type: 'amount.commit' } },
  updated('50.00 of 200.00, the same list', 5000, 20000),
  updated('50.00 of 200.00, a shorter list', 5000, 20000, LAST),
  updated('75.00 of 75.00', 7500, 7500, LAST),
  updated('60.00 of 200.00 (due changed)', 6000, 20000),
  updated('50.00 of 250.00 (outstanding changed)', 5000, 25000),
  updated('300.00 of 200.00 (due above it)', 30000, 20000),
  updated('300.00 of 75.00 (due above it)', 30000, 7500, LAST),
  updated('-5 of 200.00', -5, 20000),
  updated('50.00 of -1', 5000, -1, []),
  updated('90.00 of 165.00', 9000, 16500, SHUFFLED),
  updated('0 of 100.00', 0, 10000),
  { name: 'paid 125.00', event: { type: 'payment.made', amountCents: 12500 } },
  { name: 'paid 50.00', event: { type: 'payment.made', amountCents: 5000 } },
  { name: 'paid 30.00', event: { type: 'payment.made', amountCents: 3000 } },
  { name: 'paid 0', event: { type: 'payment.made', amountCents: 0 } },
  { name: 'paid 9999.99', event: { type: 'payment.made', amountCents: 999999 } },
];
