// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartExpiredDialog } from '../../ui/CartExpiredDialog';
import { Modal, type ModalProps } from '../../ui/modal/Modal';
import { CalendarDialog } from '../../ui/reserve/CalendarDialog';
import { createStrings } from '../../ui/strings';
import { installDialogPolyfill } from './dialog-polyfill';

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderModal(props: Partial<ModalProps> = {}) {
  const onDismiss = vi.fn();
  const result = render(
    <Modal name="terms" title="Terms and conditions" closeable onDismiss={onDismiss} {...props}>
      <p>Please read these terms.</p>
      <button type="button">Accept</button>
      <button type="button">Decline</button>
    </Modal>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Terms and conditions' }) as HTMLDialogElement;
  return { ...result, dialog, onDismiss };
}

/** A fresh cancelable `cancel` event, as a browser fires for a close request. */
const cancelEvent = () => new Event('cancel', { cancelable: true });

describe('Modal', () => {
  it('opens with showModal, named by its title, with its size class (lg by default)', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { dialog } = renderModal();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    expect(dialog).toHaveClass('modal', 'modal--lg');
    expect(dialog).not.toHaveClass('modal--closing');
    expect(dialog).toHaveAttribute('data-modal', 'terms');
    cleanup();
    expect(renderModal({ size: 'sm' }).dialog).toHaveClass('modal--sm');
  });

  it('Escape on a closeable modal calls onDismiss and stops the browser closing it', () => {
    const { dialog, onDismiss } = renderModal();
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    within(dialog).getByRole('button', { name: 'Accept' }).dispatchEvent(escapeKey);
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(escapeKey.defaultPrevented).toBe(true);
  });

  it('Escape on a modal that is not closeable does nothing (and the browser is stopped from closing it)', () => {
    const { dialog, onDismiss } = renderModal({ closeable: false });
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    dialog.dispatchEvent(escapeKey);
    expect(escapeKey.defaultPrevented).toBe(true);
    const cancel = cancelEvent();
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onDismiss).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it('a close request without the Escape key (the cancel event) calls onDismiss only when closeable', () => {
    const { dialog, onDismiss } = renderModal();
    const cancel = cancelEvent();
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('other keys do not dismiss', async () => {
    const user = userEvent.setup();
    const { onDismiss } = renderModal();
    await user.keyboard('{Enter}{Tab}a');
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('a backdrop click calls onDismiss when closeable; a click inside the content does not', async () => {
    const user = userEvent.setup();
    const { dialog, onDismiss } = renderModal();
    await user.click(screen.getByText('Please read these terms.'));
    expect(onDismiss).not.toHaveBeenCalled();
    // The content box fills the dialog: a click on the dialog element itself is on its ::backdrop.
    await user.click(dialog);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('a press that starts inside the content and ends on the backdrop does not dismiss', () => {
    const { dialog, onDismiss } = renderModal();
    fireEvent.mouseDown(screen.getByText('Please read these terms.'));
    fireEvent.mouseUp(dialog);
    fireEvent.click(dialog);
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('a backdrop click on a modal that is not closeable does nothing', async () => {
    const user = userEvent.setup();
    const { dialog, onDismiss } = renderModal({ closeable: false });
    await user.click(dialog);
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('while closing: the closing class, inert content, and neither Escape nor backdrop dismisses again', async () => {
    const user = userEvent.setup();
    const { dialog, onDismiss, rerender } = renderModal();
    rerender(
      <Modal name="terms" title="Terms and conditions" closeable closing onDismiss={onDismiss}>
        <p>Please read these terms.</p>
      </Modal>,
    );
    expect(dialog).toHaveClass('modal--closing');
    expect(dialog).toHaveAttribute('inert');
    // Still open until the parent removes it, so the transition can play.
    expect(dialog.open).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    dialog.dispatchEvent(cancelEvent());
    await user.click(dialog);
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('moves focus into the dialog on open: the given element, else the first focusable, else the dialog', () => {
    renderModal();
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus();
    cleanup();
    renderModal({ initialFocus: 'button:last-of-type' });
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    cleanup();
    render(
      <Modal name="description" title="About this event" closeable>
        <p>Text only.</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'About this event' })).toHaveFocus();
  });

  it('returns focus to the element that opened it when it is removed', async () => {
    const user = userEvent.setup();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            More
          </button>
          {open ? (
            <Modal name="description" title="About" closeable onDismiss={() => setOpen(false)}>
              <button type="button" onClick={() => setOpen(false)}>
                Done
              </button>
            </Modal>
          ) : null}
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'More' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('a modal replacing another in one render (the stack settling) returns focus to the first opener', async () => {
    const user = userEvent.setup();
    function Page() {
      const [shown, setShown] = useState<'terms' | 'login' | null>(null);
      return (
        <>
          <button type="button" onClick={() => setShown('terms')}>
            Checkout
          </button>
          {shown === 'terms' ? (
            <Modal name="terms" title="Terms" closeable>
              <button type="button" onClick={() => setShown('login')}>
                Accept
              </button>
            </Modal>
          ) : null}
          {shown === 'login' ? (
            <Modal name="login" title="Log in" closeable>
              <button type="button" onClick={() => setShown(null)}>
                Cancel
              </button>
            </Modal>
          ) : null}
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Checkout' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(opener).toHaveFocus();
  });

  it('a child that takes focus on mount is not taken for the opener', async () => {
    const user = userEvent.setup();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Apply a promo code
          </button>
          {open ? (
            <Modal name="promoCodes" title="Promo codes" closeable>
              {/* biome-ignore lint/a11y/noAutofocus: the case under test */}
              <input aria-label="Code" autoFocus />
              <button type="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
            </Modal>
          ) : null}
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Apply a promo code' });
    await user.click(opener);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(opener).toHaveFocus();
  });

  it('is removed without error when its opener has left the document (focus falls back to the page)', async () => {
    const user = userEvent.setup();
    function Page({ showOpener, open }: { showOpener: boolean; open: boolean }) {
      return (
        <>
          {showOpener ? <button type="button">Open</button> : null}
          {open ? <Modal name="login" title="Log in" closeable /> : null}
        </>
      );
    }
    const { rerender } = render(<Page showOpener open={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    rerender(<Page showOpener open />);
    rerender(<Page showOpener={false} open />);
    rerender(<Page showOpener={false} open={false} />);
    expect(document.body).toHaveFocus();
  });

  it('returns focus to returnFocus when the control that started it was disabled meanwhile (nothing had focus)', async () => {
    const user = userEvent.setup();
    function Page({ busy, open }: { busy: boolean; open: boolean }) {
      return (
        <>
          <button type="submit" aria-busy={busy} disabled={busy}>
            Add to cart
          </button>
          {open ? (
            <Modal
              name="codeRequired"
              title="Code required"
              closeable
              returnFocus='button[type="submit"][aria-busy]'
            />
          ) : null}
        </>
      );
    }
    const { rerender } = render(<Page busy={false} open={false} />);
    const shown = screen.getByRole('button', { name: 'Add to cart' });
    await user.click(shown);
    // The request disables the button, which drops focus to the page; then the prompt opens.
    // A browser drops focus from a control that becomes disabled; jsdom keeps it, so the test drops it.
    shown.blur();
    rerender(<Page busy open={false} />);
    expect(document.body).toHaveFocus();
    rerender(<Page busy open />);
    rerender(<Page busy={false} open />);
    rerender(<Page busy={false} open={false} />);
    expect(shown).toHaveFocus();
  });

  it('opened again while it was fading out (the stack keeps it mounted), focus moves into it once it stops closing', () => {
    function Prompt({ closing }: { closing: boolean }) {
      return (
        <Modal name="codeRequired" title="Code required" closeable closing={closing}>
          <input aria-label="Promo code" />
        </Modal>
      );
    }
    // Mounted while fading out (a new flow's prompt shows the entry still closing), focus then lost to the page.
    const { rerender } = render(<Prompt closing />);
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.body).toHaveFocus();
    rerender(<Prompt closing={false} />);
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveFocus();
    // Staying open moves nothing.
    screen.getByRole('textbox', { name: 'Promo code' }).blur();
    rerender(<Prompt closing={false} />);
    expect(document.body).toHaveFocus();
  });

  it('shows itself again when the browser closes it while it is still rendered', () => {
    const { dialog } = renderModal({ closeable: false });
    dialog.close();
    expect(dialog.open).toBe(true);
  });

  it('a modal inside another one handles its own Escape', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Modal name="seatMap" title="Seat map" closeable onDismiss={outer}>
        <Modal name="terms" title="Terms" closeable onDismiss={inner}>
          <button type="button">Accept</button>
        </Modal>
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Accept' }), { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('shows a close button in the header of a closeable modal when given a label and onClose', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { dialog, onDismiss } = renderModal({ onClose, closeLabel: 'Close' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDismiss).not.toHaveBeenCalled();
    cleanup();
    const notCloseable = renderModal({ closeable: false, onClose, closeLabel: 'Close' });
    expect(within(notCloseable.dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('CartExpiredDialog through Modal', () => {
  const strings = createStrings();

  it('is small, named by its text, not closeable, with one button Start over', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onDismiss = vi.fn();
    render(<CartExpiredDialog strings={strings} onConfirm={onConfirm} onDismiss={onDismiss} />);
    const dialog = screen.getByRole('dialog', { name: 'Unfortunately your cart has timed out' });
    expect(dialog).toHaveClass('modal--sm');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start over']);
    expect(within(dialog).getByRole('button', { name: 'Start over' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await user.click(dialog);
    expect(onDismiss).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Start over' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('plays the close transition when closing', () => {
    render(<CartExpiredDialog strings={strings} onConfirm={vi.fn()} closing />);
    expect(screen.getByRole('dialog', { hidden: true })).toHaveClass('modal--closing');
  });
});

describe('CalendarDialog through Modal', () => {
  const strings = createStrings();
  const days = [
    { date: '2026-12-01', disabled: false, minPriceCents: 1200 },
    { date: '2026-12-02', disabled: false, minPriceCents: 1200 },
  ];
  const base = { strings, days, selectedDate: null, onSelect: vi.fn() };

  it('is md by default, closeable: Escape and backdrop call onDismiss, the Close button onClose', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onDismiss = vi.fn();
    render(<CalendarDialog {...base} onClose={onClose} onDismiss={onDismiss} />);
    const dialog = screen.getByRole('dialog', { name: 'Choose date' });
    expect(dialog).toHaveClass('modal--md');
    expect(
      within(dialog).getByRole('button', { name: '1 From $12.00, Tuesday, December 1, 2026' }),
    ).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await user.click(dialog);
    expect(onDismiss).toHaveBeenCalledTimes(2);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('without onDismiss, Escape calls onClose as before; lg and closing on request', () => {
    const onClose = vi.fn();
    render(<CalendarDialog {...base} onClose={onClose} size="lg" closing />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveClass('modal--lg', 'modal--closing');
    cleanup();
    render(<CalendarDialog {...base} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Choose date' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
