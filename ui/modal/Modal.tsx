import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  /** The modal's name (e.g. 'chooseDate'): its `data-modal` attribute. */
  name: string;
  /** The heading, rendered as the dialog's `h2` and its accessible name. Omit it when `labelledBy` is given. */
  title?: ReactNode;
  /** Id of the element naming the dialog, when the content renders its own heading. */
  labelledBy?: string;
  /** Id of the element describing the dialog. */
  describedBy?: string;
  /** `alertdialog` for a confirmation that interrupts (e.g. the cart's remove confirm); default `dialog`. */
  role?: 'dialog' | 'alertdialog';
  /** sm, md or lg (default lg). */
  size?: ModalSize;
  /** Escape and a backdrop click call `onDismiss`; otherwise they do nothing. */
  closeable: boolean;
  /** Plays the close transition; the dialog stays open until the parent stops rendering it. */
  closing?: boolean;
  /** Escape or a backdrop click on a closeable modal that is not closing. */
  onDismiss?: () => void;
  /** With `closeLabel`, a close button in the header of a closeable modal (a button inside the modal). */
  onClose?: () => void;
  closeLabel?: string;
  /**
   * A CSS selector of the element to focus on open (within the dialog). Default: an `[autofocus]` element,
   * else the first focusable one, else the dialog itself.
   */
  initialFocus?: string;
  /**
   * A CSS selector of where focus goes on close when the control that opened the modal cannot take it back:
   * nothing had focus (the control was disabled while its request ran, e.g. Add to cart while reserving) or it
   * is gone. The first match that can take focus does (a hidden copy cannot).
   */
  returnFocus?: string;
  children?: ReactNode;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(', ');

function focusInitial(dialog: HTMLDialogElement, selector: string | undefined): void {
  const target =
    (selector ? dialog.querySelector<HTMLElement>(selector) : null) ??
    dialog.querySelector<HTMLElement>('[autofocus]') ??
    dialog.querySelector<HTMLElement>(FOCUSABLE) ??
    dialog;
  target.focus();
}

/**
 * A modal dialog on the native `<dialog>` shown with `showModal()`: it sits in the top layer and makes the
 * rest of the page inert, so focus stays inside it. It is fully controlled: Escape and a backdrop click only
 * call `onDismiss` (when closeable); the parent removes the modal, after rendering it `closing` for the
 * close transition. Focus moves into it on open and returns, when it is removed, to the element that had
 * focus when it opened.
 */
export function Modal({
  name,
  title,
  labelledBy,
  describedBy,
  role,
  size = 'lg',
  closeable,
  closing = false,
  onDismiss,
  onClose,
  closeLabel,
  initialFocus,
  returnFocus,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The element focused at first render: the opener, unless a modal leaving in the same commit held focus.
  const [focusedAtRender] = useState<Element | null>(() =>
    typeof document === 'undefined' ? null : document.activeElement,
  );
  const initialFocusRef = useRef(initialFocus);
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;
  const mounted = useRef(false);
  const pressedOnBackdrop = useRef(false);
  const dismissible = closeable && !closing;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    mounted.current = true;
    // Read after the commit's removed modals have handed focus back to their openers (React runs every
    // effect cleanup before any new effect), so a modal replacing another returns focus to the same opener.
    // A child that took focus on mount (autoFocus) is not the opener: then the render-time element is.
    const active = document.activeElement;
    const opener = active && active !== document.body && !dialog.contains(active) ? active : focusedAtRender;
    if (!dialog.open) dialog.showModal?.();
    focusInitial(dialog, initialFocusRef.current);
    return () => {
      mounted.current = false;
      if (dialog.open) dialog.close?.();
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
      else if (returnFocusRef.current)
        for (const target of document.querySelectorAll<HTMLElement>(returnFocusRef.current)) {
          target.focus();
          if (document.activeElement === target) break;
        }
    };
  }, [focusedAtRender]);

  // A modal opened again while it was fading out stays mounted (the stack keeps one entry per name): when it
  // stops closing, focus moves into it as on open; during the fade it could not (hidden content takes none).
  const wasClosing = useRef(closing);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && wasClosing.current && !closing) focusInitial(dialog, initialFocusRef.current);
    wasClosing.current = closing;
  }, [closing]);

  const dismiss = () => {
    if (dismissible) onDismiss?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // A dialog rendered inside this one handles its own Escape.
    if ((event.target as Element).closest('dialog') !== event.currentTarget) return;
    // Prevented, so the browser raises no close request: the parent decides.
    event.preventDefault();
    dismiss();
  };
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // A close request without the Escape key (e.g. Android's back button).
    event.preventDefault();
    dismiss();
  };
  const onNativeClose = () => {
    // The browser closed it anyway (a close request it would not let us cancel): show it again; the parent
    // removes it.
    const dialog = ref.current;
    if (mounted.current && dialog && !dialog.open) dialog.showModal?.();
  };
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The content box fills the dialog, so a click on the dialog element itself is on the backdrop. A press
    // that started inside (e.g. selecting text) does not count.
    const onBackdrop = event.target === event.currentTarget && pressedOnBackdrop.current;
    pressedOnBackdrop.current = false;
    if (onBackdrop) dismiss();
  };

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}${closing ? ' modal--closing' : ''}`}
      data-modal={name}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={title !== undefined ? titleId : labelledBy}
      aria-describedby={describedBy}
      tabIndex={-1}
      inert={closing}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onNativeClose}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className="modal__content">
        {title !== undefined || (closeable && onClose && closeLabel) ? (
          <div className="modal__header">
            {title !== undefined ? (
              <h2 id={titleId} className="modal__title">
                {title}
              </h2>
            ) : null}
            {closeable && onClose && closeLabel ? (
              <button type="button" className="btn btn--secondary btn--small" onClick={onClose}>
                {closeLabel}
              </button>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
