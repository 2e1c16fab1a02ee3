/**
 * Pure rules of the modal stack: the one table of presets, the spec's constants and the stack operations
 * the machine's named actions and guards call.
 */
import type { ModalEntry, ModalName, ModalSize, ModalsEvent } from './types';

/** Closing waits for the transition (spec 3 §2 "Modals": 200 ms default). */
export const CLOSE_TRANSITION_MS = 200;

/** Default size (spec 3 §2 "Modals"). */
export const DEFAULT_MODAL_SIZE: ModalSize = 'lg';

export interface ModalPreset {
  size: ModalSize;
  closeable: boolean;
  /** The opener cannot change size or closeable (the cart-expiry modal). */
  fixed: boolean;
}

const standard: ModalPreset = { size: DEFAULT_MODAL_SIZE, closeable: true, fixed: false };

/**
 * The one table of modal presets. An opener's `size`/`closeable` win over a preset unless it is `fixed`.
 * - loginOrGuest, redeemCart: a short question with two buttons, small.
 * - cartExpiry: small and not closeable, whatever the opener says (spec: "not closeable, small").
 * - chooseDate: the calendar's seven columns read best at md; its opener may still ask for lg.
 * - removeConfirm, cancelOrderConfirm: a question with two buttons, small.
 * - every other modal: the spec's default, lg and closeable.
 */
export const MODAL_PRESETS: Readonly<Record<ModalName, ModalPreset>> = {
  login: standard,
  membershipDetails: standard,
  loginOrGuest: { size: 'sm', closeable: true, fixed: false },
  redeemCart: { size: 'sm', closeable: true, fixed: false },
  mobileCart: standard,
  cartExpiry: { size: 'sm', closeable: false, fixed: true },
  promoCodes: standard,
  giftCards: standard,
  terms: standard,
  description: standard,
  seatMap: standard,
  chooseDate: { size: 'md', closeable: true, fixed: false },
  removeConfirm: { size: 'sm', closeable: true, fixed: false },
  codeRequired: standard,
  cancelOrderConfirm: { size: 'sm', closeable: true, fixed: false },
};

/** The stack entry a `modal.open` creates: the preset, overridden by the opener where allowed. */
export function entryFor(event: Extract<ModalsEvent, { type: 'modal.open' }>): ModalEntry {
  const preset = MODAL_PRESETS[event.name];
  return {
    name: event.name,
    size: preset.fixed ? preset.size : (event.size ?? preset.size),
    closeable: preset.fixed ? preset.closeable : (event.closeable ?? preset.closeable),
    closing: false,
    data: event.data ?? null,
  };
}

export const hasName = (entries: readonly ModalEntry[], name: ModalName): boolean =>
  entries.some((entry) => entry.name === name);

/** The top modal (the last opened still in the stack, closing or not), or null. */
export const topOf = (stack: readonly ModalEntry[]): ModalEntry | null => stack.at(-1) ?? null;

/** The top modal can be dismissed: it exists, is closeable and is not already closing. */
export function canDismissTop(stack: readonly ModalEntry[]): boolean {
  const top = topOf(stack);
  return top?.closeable === true && !top.closing;
}

/** A modal of that name is in the stack and not closing. */
export const isOpen = (stack: readonly ModalEntry[], name: ModalName): boolean =>
  stack.some((entry) => entry.name === name && !entry.closing);

export const markClosing = (stack: readonly ModalEntry[], name: ModalName): ModalEntry[] =>
  stack.map((entry) => (entry.name === name ? { ...entry, closing: true } : entry));

export const markTopClosing = (stack: readonly ModalEntry[]): ModalEntry[] =>
  stack.map((entry, i) => (i === stack.length - 1 ? { ...entry, closing: true } : entry));

export const markAllClosing = (stack: readonly ModalEntry[]): ModalEntry[] =>
  stack.map((entry) => (entry.closing ? entry : { ...entry, closing: true }));

/** End of a close transition: the closing modals leave, then the deferred opens go on top in order. */
export const settle = (stack: readonly ModalEntry[], deferred: readonly ModalEntry[]): ModalEntry[] => [
  ...stack.filter((entry) => !entry.closing),
  ...deferred,
];
