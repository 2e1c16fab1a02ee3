/**
 * The modal stack's independent transition table (issue 29; modals.table.test.ts holds the machine to it),
 * written from spec 3 §2 "Modals" and §9, spec 1 §2 "Other widgets", not read from the machine: an open goes on
 * top unless a modal of that name is already open ("a modal with a duplicate name is ignored when already
 * open"); Escape or a backdrop click closes the top modal if it is closeable; a close names its modal; the
 * cart-expiry modal's one button closes them all. Closing waits for the 200 ms transition, then the closing
 * modals leave together. The cart-expiry modal is small and not closeable whatever its opener says; the default
 * size is lg.
 *
 * Where the spec is silent the table follows the machine's documented reading (modals.machine.ts header): an open
 * arriving during a close transition waits and goes on top when it ends (a name that is only closing may wait to
 * open again; closing that name, or closing all, cancels the wait); another close during the transition
 * restarts it (the state is entered again: a new 200 ms delay); the presets of the modals the spec names no size
 * for (login-or-guest, redeem cart, remove confirm and cancel-order confirm small; the calendar md).
 */
import type {
  ModalEntry,
  ModalName,
  ModalSize,
  ModalsContext,
  ModalsEvent,
} from '../../machines/modals/types';
import { AFTER } from '../../stories/fixtures/modals';
import type { Call, EventSample, Table, World } from './transition-table';

type C = ModalsContext;
type E = ModalsEvent | { type: typeof AFTER };
type S = 'closed' | 'open' | 'closing';
type Open = Extract<ModalsEvent, { type: 'modal.open' }>;

/** Spec 3 §2 and §9: closing waits for the 200 ms transition. */
export const SPEC_CLOSE_MS = 200;
/** Spec 3 §2: the default size. */
const SPEC_DEFAULT: ModalSize = 'lg';

/**
 * What each name opens as when its opener says nothing: the spec's default (lg, closeable), the cart-expiry
 * modal's fixed small and not closeable, and the documented presets of the dialogs the spec sizes nowhere.
 */
export const SPEC_PRESET: Record<ModalName, { size: ModalSize; closeable: boolean; fixed: boolean }> = {
  login: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  membershipDetails: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  loginOrGuest: { size: 'sm', closeable: true, fixed: false },
  redeemCart: { size: 'sm', closeable: true, fixed: false },
  mobileCart: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  cartExpiry: { size: 'sm', closeable: false, fixed: true },
  promoCodes: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  giftCards: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  terms: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  description: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  seatMap: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  chooseDate: { size: 'md', closeable: true, fixed: false },
  codeRequired: { size: SPEC_DEFAULT, closeable: true, fixed: false },
  removeConfirm: { size: 'sm', closeable: true, fixed: false },
  cancelOrderConfirm: { size: 'sm', closeable: true, fixed: false },
};

/** The entry an open creates: the opener's size and closeable over the preset, unless the preset is fixed. */
export function specEntry(e: Open): ModalEntry {
  const preset = SPEC_PRESET[e.name];
  return {
    name: e.name,
    size: preset.fixed || e.size === undefined ? preset.size : e.size,
    closeable: preset.fixed || e.closeable === undefined ? preset.closeable : e.closeable,
    closing: false,
    data: e.data === undefined ? null : e.data,
  };
}

const shown = (c: C, name: ModalName) => c.stack.some((m) => m.name === name && !m.closing);
const inStack = (c: C, name: ModalName) => c.stack.some((m) => m.name === name);
const waiting = (c: C, name: ModalName) => c.deferred.some((m) => m.name === name);
const top = (c: C) => c.stack[c.stack.length - 1];
const closeTop = (c: C) => ({
  stack: c.stack.map((m, i) => (i === c.stack.length - 1 ? { ...m, closing: true } : m)),
});
const closeNamed = (c: C, name: ModalName) => ({
  stack: c.stack.map((m) => (m.name === name ? { ...m, closing: true } : m)),
});
const closeAll = (c: C) => ({ stack: c.stack.map((m) => ({ ...m, closing: true })) });
/** The end of the transition: the closing modals leave, the waiting opens go on top in arrival order. */
const settled = (c: C) => ({ stack: [...c.stack.filter((m) => !m.closing), ...c.deferred], deferred: [] });

/** Closing again while closing: the state is entered again, the transition starts over. */
const restart = <Ev>(effect: (c: C, e: Ev) => Partial<C>) => ({
  target: 'closing',
  reenter: true,
  effect,
});

export const table: Table<C, E, S> = {
  initial: 'closed',
  states: {
    closed: {},
    open: {},
    closing: { entry: { calls: (): Call[] => [{ after: SPEC_CLOSE_MS, event: AFTER }] } },
  },
  on: {
    'modal.open': {
      closed: [{ target: 'open', effect: (c, e) => ({ stack: [...c.stack, specEntry(e)] }) }],
      open: [
        {
          // Nothing is closing in `open`: a name in the stack is open.
          label: 'a new name goes on top',
          when: (c, e) => !inStack(c, e.name) && !waiting(c, e.name),
          target: null,
          effect: (c, e) => ({ stack: [...c.stack, specEntry(e)] }),
        },
      ],
      closing: [
        {
          label: 'waits for the transition (a closing name may open again)',
          when: (c, e) => !shown(c, e.name) && !waiting(c, e.name),
          target: null,
          effect: (c, e) => ({ deferred: [...c.deferred, specEntry(e)] }),
        },
      ],
    },
    'modal.dismiss': {
      open: [
        {
          when: (c) => top(c)?.closeable === true && !top(c)?.closing,
          target: 'closing',
          effect: closeTop,
        },
      ],
      closing: [{ when: (c) => top(c)?.closeable === true && !top(c)?.closing, ...restart(closeTop) }],
    },
    'modal.close': {
      open: [
        { when: (c, e) => shown(c, e.name), target: 'closing', effect: (c, e) => closeNamed(c, e.name) },
      ],
      closing: [
        {
          when: (c, e) => shown(c, e.name),
          ...restart((c, e: { name: ModalName }) => closeNamed(c, e.name)),
        },
        {
          label: 'a waiting open of that name is cancelled',
          when: (c, e) => waiting(c, e.name),
          target: null,
          effect: (c, e) => ({ deferred: c.deferred.filter((m) => m.name !== e.name) }),
        },
      ],
    },
    'modal.closeAll': {
      open: [{ target: 'closing', effect: closeAll }],
      closing: [
        {
          label: 'something still open: all close, the waits are dropped, the transition starts over',
          when: (c) => c.stack.some((m) => !m.closing),
          ...restart((c) => ({ ...closeAll(c), deferred: [] })),
        },
        {
          label: 'only waits: dropped',
          when: (c) => c.deferred.length > 0,
          target: null,
          effect: () => ({ deferred: [] }),
        },
      ],
    },
    [AFTER]: {
      closing: [
        {
          label: 'nothing stays or waits: closed',
          when: (c) => c.deferred.length === 0 && c.stack.every((m) => m.closing),
          target: 'closed',
          effect: settled,
        },
        { target: 'open', effect: settled },
      ],
    },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

const entry = (name: ModalName, over: Partial<ModalEntry> = {}): ModalEntry => ({
  ...specEntry({ type: 'modal.open', name }),
  ...over,
});

export const worlds: World<C>[] = [
  { name: 'nothing', context: { stack: [], deferred: [] } },
  {
    name: 'the calendar open',
    context: { stack: [entry('chooseDate', { data: { eventId: 'e1' } })], deferred: [] },
  },
  {
    name: 'login over the calendar',
    context: { stack: [entry('chooseDate'), entry('login')], deferred: [] },
  },
  {
    name: 'the cart-expiry modal on top (not closeable)',
    context: { stack: [entry('seatMap'), entry('cartExpiry')], deferred: [] },
  },
  {
    name: 'a not closeable login under a closeable calendar',
    context: { stack: [entry('login', { closeable: false }), entry('chooseDate')], deferred: [] },
  },
  {
    name: 'the top closing, the calendar under it open',
    context: { stack: [entry('chooseDate'), entry('login', { closing: true })], deferred: [] },
  },
  {
    name: 'login closing, the code prompt and login waiting',
    context: {
      stack: [entry('login', { closing: true })],
      deferred: [entry('codeRequired'), entry('login', { size: 'sm' })],
    },
  },
  {
    name: 'everything closing',
    context: {
      stack: [entry('seatMap', { closing: true }), entry('description', { closing: true })],
      deferred: [],
    },
  },
  {
    name: 'the calendar closing under an open login, terms waiting',
    context: { stack: [entry('chooseDate', { closing: true }), entry('login')], deferred: [entry('terms')] },
  },
  { name: 'nothing shown, the promo codes waiting', context: { stack: [], deferred: [entry('promoCodes')] } },
];

export const events: EventSample<E>[] = [
  { name: 'open login', event: { type: 'modal.open', name: 'login' } },
  {
    name: 'open login small, not closeable, with data',
    event: { type: 'modal.open', name: 'login', size: 'sm', closeable: false, data: { next: '/my-account' } },
  },
  {
    name: 'open the calendar',
    event: { type: 'modal.open', name: 'chooseDate', data: { month: '2026-12' } },
  },
  {
    name: 'open the cart expiry as lg and closeable',
    event: { type: 'modal.open', name: 'cartExpiry', size: 'lg', closeable: true },
  },
  { name: 'open terms', event: { type: 'modal.open', name: 'terms', data: null } },
  { name: 'open the code prompt', event: { type: 'modal.open', name: 'codeRequired' } },
  { name: 'dismiss', event: { type: 'modal.dismiss' } },
  { name: 'close login', event: { type: 'modal.close', name: 'login' } },
  { name: 'close the calendar', event: { type: 'modal.close', name: 'chooseDate' } },
  { name: 'close the code prompt', event: { type: 'modal.close', name: 'codeRequired' } },
  { name: 'close terms', event: { type: 'modal.close', name: 'terms' } },
  { name: 'close all', event: { type: 'modal.closeAll' } },
  { name: 'the transition ends', event: { type: AFTER } },
];
