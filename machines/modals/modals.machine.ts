/**
 * The modal stack (spec 3 §2 "Modals"; spec 1 §2 "Other widgets").
 *
 * An app-wide actor (spawned by the app root with systemId `modals`; no input). It keeps the open modals
 * bottom to top with their size, closeable flag and plain-JSON data:
 * - `modal.open` pushes a modal on top; a name already open or waiting to open is ignored. A name that is closing
 *   opens again once its transition ends (a flow that asks again at once: the reserve's 'code required' prompt
 *   cancelled, then Add to cart refused again before the prompt had faded out).
 *   Size and closeable come from one table (`MODAL_PRESETS`): lg and closeable unless the opener says
 *   otherwise; the cart-expiry modal is always small and not closeable.
 * - `modal.dismiss` (Escape or a backdrop click) closes the top modal only when it is closeable.
 * - `modal.close { name }` closes that modal (a button inside it, or the app: cart emptied, session ended).
 * - `modal.closeAll` closes every modal (the cart-expiry modal's one button).
 * Closing marks modals `closing`; they are removed together when the close transition (200 ms) ends. Another
 * close during the transition restarts it, so every closing modal plays its whole transition.
 * An open arriving during the transition is deferred, not lost: it is pushed when the transition ends, after
 * the closing modals have left (so focus has returned to their openers first). Closing that name, or
 * closing all, before then cancels it.
 *
 * No clock is read: the transition is the named delay `closeTransition` (tests use a SimulatedClock).
 */
import { assertEvent, assign, setup } from 'xstate';
import {
  CLOSE_TRANSITION_MS,
  canDismissTop,
  entryFor,
  hasName,
  isOpen,
  markAllClosing,
  markClosing,
  markTopClosing,
  settle,
} from './rules';
import type { ModalsContext, ModalsEvent } from './types';

/** Named context mapper: the stack starts empty. */
export function initialModalsContext(): ModalsContext {
  return { stack: [], deferred: [] };
}

export const modalsMachine = setup({
  types: {
    context: {} as ModalsContext,
    events: {} as ModalsEvent,
  },
  delays: {
    /** The modal close transition. */
    closeTransition: CLOSE_TRANSITION_MS,
  },
  actions: {
    pushModal: assign({
      stack: ({ context, event }) => {
        assertEvent(event, 'modal.open');
        return [...context.stack, entryFor(event)];
      },
    }),
    deferOpen: assign({
      deferred: ({ context, event }) => {
        assertEvent(event, 'modal.open');
        return [...context.deferred, entryFor(event)];
      },
    }),
    markTopClosing: assign({ stack: ({ context }) => markTopClosing(context.stack) }),
    markNamedClosing: assign({
      stack: ({ context, event }) => {
        assertEvent(event, 'modal.close');
        return markClosing(context.stack, event.name);
      },
    }),
    markAllClosing: assign({ stack: ({ context }) => markAllClosing(context.stack) }),
    dropDeferred: assign({
      deferred: ({ context, event }) => {
        assertEvent(event, 'modal.close');
        return context.deferred.filter((entry) => entry.name !== event.name);
      },
    }),
    dropAllDeferred: assign({ deferred: [] }),
    settle: assign(({ context }) => ({ stack: settle(context.stack, context.deferred), deferred: [] })),
  },
  guards: {
    isNewName: ({ context, event }) => {
      assertEvent(event, 'modal.open');
      return !hasName(context.stack, event.name) && !hasName(context.deferred, event.name);
    },
    /** Not open and not already waiting: a name that is only closing may wait to open again. */
    canWait: ({ context, event }) => {
      assertEvent(event, 'modal.open');
      return !isOpen(context.stack, event.name) && !hasName(context.deferred, event.name);
    },
    topIsCloseable: ({ context }) => canDismissTop(context.stack),
    isOpenName: ({ context, event }) => {
      assertEvent(event, 'modal.close');
      return isOpen(context.stack, event.name);
    },
    isDeferredName: ({ context, event }) => {
      assertEvent(event, 'modal.close');
      return hasName(context.deferred, event.name);
    },
    hasOpenModals: ({ context }) => context.stack.some((entry) => !entry.closing),
    hasDeferred: ({ context }) => context.deferred.length > 0,
    nothingStaysOpen: ({ context }) =>
      context.deferred.length === 0 && context.stack.every((entry) => entry.closing),
  },
}).createMachine({
  id: 'modals',
  description:
    'The modal stack: open on top, dismiss the top closeable modal, close by name or all; closing waits for the 200 ms transition.',
  context: initialModalsContext,
  initial: 'closed',
  states: {
    closed: {
      description: 'No modal is open; the page is interactive.',
      on: {
        'modal.open': { target: 'open', actions: 'pushModal' },
      },
    },
    open: {
      description:
        'One or more modals are open; the top one has focus and everything behind it is inert. Nothing is closing.',
      on: {
        'modal.open': { guard: 'isNewName', actions: 'pushModal' },
        'modal.dismiss': { guard: 'topIsCloseable', target: 'closing', actions: 'markTopClosing' },
        'modal.close': { guard: 'isOpenName', target: 'closing', actions: 'markNamedClosing' },
        'modal.closeAll': { target: 'closing', actions: 'markAllClosing' },
      },
    },
    closing: {
      description:
        'Closing modals play their 200 ms transition, then leave together; opens arriving meanwhile wait and then go on top. Another close restarts the transition.',
      after: {
        closeTransition: [
          { guard: 'nothingStaysOpen', target: 'closed', actions: 'settle' },
          { target: 'open', actions: 'settle' },
        ],
      },
      on: {
        'modal.open': { guard: 'canWait', actions: 'deferOpen' },
        'modal.dismiss': {
          guard: 'topIsCloseable',
          target: 'closing',
          reenter: true,
          actions: 'markTopClosing',
        },
        'modal.close': [
          { guard: 'isOpenName', target: 'closing', reenter: true, actions: 'markNamedClosing' },
          { guard: 'isDeferredName', actions: 'dropDeferred' },
        ],
        'modal.closeAll': [
          {
            guard: 'hasOpenModals',
            target: 'closing',
            reenter: true,
            actions: ['markAllClosing', 'dropAllDeferred'],
          },
          { guard: 'hasDeferred', actions: 'dropAllDeferred' },
        ],
      },
    },
  },
});

export type ModalsMachine = typeof modalsMachine;
