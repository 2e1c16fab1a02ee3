/**
 * A flow's dialog on the app's modal stack (the gift's login-or-guest dialog, the redeem page's cart dialog):
 * the flow's machine opens and closes it (injected actions, on entering and leaving the state that asks);
 * the view shows it while the stack holds it, so it stacks, closes with its transition and is closed by
 * 'close all' like every modal. If the stack drops it while the flow still asks (the cart-expiry modal's
 * button closes all), `onGone` tells the flow; leaving the screen takes it off the stack.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ModalName } from '../../machines/modals/types';
import { type ModalView, selectModal } from '../../machines/modals/view';
import { useModalsActor } from './services';

export function useFlowModal(name: ModalName, asking: boolean, onGone: () => void): ModalView | null {
  const modals = useModalsActor();
  const modal = useSelector(modals, (s) => selectModal(s, name));
  const shown = useRef(false);
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => {
    if (modal !== null) shown.current = true;
    else if (shown.current) {
      shown.current = false;
      if (asking) gone.current();
    }
  }, [modal, asking]);
  useEffect(() => () => modals.send({ type: 'modal.close', name }), [modals, name]);
  return modal;
}

/** The open and close actions a flow's wiring injects for its dialog. */
export const flowModalActions = (
  send: (event: { type: 'modal.open' | 'modal.close'; name: ModalName }) => void,
  name: ModalName,
) => ({
  open: () => send({ type: 'modal.open', name }),
  close: () => send({ type: 'modal.close', name }),
});
