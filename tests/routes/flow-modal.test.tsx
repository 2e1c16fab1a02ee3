// @vitest-environment jsdom
/**
 * A flow's dialog on the app's modal stack (routes/app/useFlowModal.ts): the login-or-guest and redeem cart
 * dialogs are entries of the stack opened and closed by their flows (wiring actions), shown while the stack
 * holds them. Dropped by the stack while the flow still asks (the cart-expiry modal closes all), the flow is
 * told once; closed by the flow itself, it is not; leaving the screen takes it off the stack.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { CLOSE_TRANSITION_MS } from '../../machines/modals/rules';
import { selectModals } from '../../machines/modals/view';
import { realClock } from '../../routes/app/clock';
import { type AppDeps, createAppActor, modalsOf } from '../../routes/app/root';
import { type AppServices, ServicesProvider } from '../../routes/app/services';
import { flowModalActions, useFlowModal } from '../../routes/app/useFlowModal';
import { createStorage } from '../../routes/storage';

function appActor() {
  const deps: AppDeps = {
    api: { cart: { get: vi.fn(), remove: vi.fn(), discard: vi.fn(), extend: vi.fn() } } as unknown as Pick<
      Api,
      'cart' | 'members'
    >,
    sellerId: 's-1',
    storage: createStorage(() => undefined),
    clock: realClock,
    channel: null,
  };
  return createAppActor(deps);
}

function Probe({ asking, onGone }: { asking: boolean; onGone: () => void }) {
  const modal = useFlowModal('loginOrGuest', asking, onGone);
  return <p data-testid="dialog">{modal === null ? 'none' : modal.closing ? 'closing' : 'open'}</p>;
}

function mount(asking: boolean, onGone = vi.fn()) {
  const app = appActor();
  const services = { app } as unknown as AppServices;
  const view = (a: boolean) => (
    <ServicesProvider value={services}>
      <Probe asking={a} onGone={onGone} />
    </ServicesProvider>
  );
  const r = render(view(asking));
  const stack = () => selectModals(modalsOf(app).getSnapshot()).modals.map((m) => m.name);
  const dialog = flowModalActions((event) => modalsOf(app).send(event), 'loginOrGuest');
  return { app, onGone, stack, dialog, rerender: (a: boolean) => r.rerender(view(a)), unmount: r.unmount };
}

const shown = () => screen.getByTestId('dialog').textContent;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a flow dialog on the modal stack', () => {
  it('shows while the stack holds it; the flow closing it plays the transition and tells it nothing', () => {
    const { dialog, stack, onGone, rerender } = mount(true);
    expect(shown()).toBe('none');
    act(() => dialog.open());
    expect(shown()).toBe('open');
    expect(stack()).toEqual(['loginOrGuest']);
    // The flow leaves the asking state: its exit action closes the dialog.
    act(() => {
      dialog.close();
    });
    rerender(false);
    expect(shown()).toBe('closing');
    act(() => vi.advanceTimersByTime(CLOSE_TRANSITION_MS));
    expect(shown()).toBe('none');
    expect(stack()).toEqual([]);
    expect(onGone).not.toHaveBeenCalled();
  });

  it('stacks under a modal opened later (the login dialog from Log in)', () => {
    const { app, dialog, stack } = mount(true);
    act(() => dialog.open());
    act(() => modalsOf(app).send({ type: 'modal.open', name: 'login' }));
    expect(stack()).toEqual(['loginOrGuest', 'login']);
    expect(selectModals(modalsOf(app).getSnapshot()).top).toBe('login');
  });

  it('closed by the stack while the flow still asks (close all): the flow is told once', () => {
    const { app, dialog, onGone } = mount(true);
    act(() => dialog.open());
    act(() => modalsOf(app).send({ type: 'modal.closeAll' }));
    act(() => vi.advanceTimersByTime(CLOSE_TRANSITION_MS));
    expect(shown()).toBe('none');
    expect(onGone).toHaveBeenCalledTimes(1);
  });

  it('leaving the screen takes it off the stack', () => {
    const { dialog, stack, unmount } = mount(true);
    act(() => dialog.open());
    unmount();
    act(() => vi.advanceTimersByTime(CLOSE_TRANSITION_MS));
    expect(stack()).toEqual([]);
  });
});
