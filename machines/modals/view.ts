/**
 * View model of the modal stack: snapshot -> what the modal views and the page need. The screens render one
 * `Modal` per entry of `modals` (bottom to top, closing ones included so they can play their transition).
 */
import type { SnapshotFrom } from 'xstate';
import type { modalsMachine } from './modals.machine';
import type { JsonValue, ModalName, ModalSize } from './types';

export type ModalsSnapshot = SnapshotFrom<typeof modalsMachine>;

export interface ModalView {
  name: ModalName;
  size: ModalSize;
  /** Escape and a backdrop click dismiss it (the view calls `modal.dismiss`). */
  closeable: boolean;
  /** Playing its close transition: render it with `closing` until it leaves the list. */
  closing: boolean;
  /** The top modal: the one with focus (everything behind it is inert). */
  top: boolean;
  data: JsonValue | null;
}

export interface ModalsView {
  /** Bottom to top. */
  modals: ModalView[];
  /** Name of the top modal, or null when none is shown. */
  top: ModalName | null;
  /** Names shown and not closing (e.g. to set `aria-expanded` on the button that opens one). */
  open: ModalName[];
  /** A modal is shown (closing or not): the page behind it is inert and should not scroll. */
  pageInert: boolean;
  /** A close transition is running. */
  closing: boolean;
}

const cache = new WeakMap<object, ModalsView>();

/**
 * The modal stack's view model. It reads the context only (a modal is closing exactly in the `closing`
 * state) and is memoised on it, so `useSelector` re-renders only when the stack changes.
 */
export function selectModals(snapshot: ModalsSnapshot): ModalsView {
  const { stack } = snapshot.context;
  const cached = cache.get(snapshot.context);
  if (cached) return cached;
  const last = stack.length - 1;
  const view: ModalsView = {
    modals: stack.map((entry, i) => ({
      name: entry.name,
      size: entry.size,
      closeable: entry.closeable,
      closing: entry.closing,
      top: i === last,
      data: entry.data,
    })),
    top: stack[last]?.name ?? null,
    open: stack.filter((entry) => !entry.closing).map((entry) => entry.name),
    pageInert: stack.length > 0,
    closing: stack.some((entry) => entry.closing),
  };
  cache.set(snapshot.context, view);
  return view;
}

/** The view of one named modal (closing included), or null when it is not shown. */
export function selectModal(snapshot: ModalsSnapshot, name: ModalName): ModalView | null {
  return selectModals(snapshot).modals.find((modal) => modal.name === name) ?? null;
}
