/**
 * The reserve core's 'code required' prompt (spec 1 §2, §4) for any reserve layout: while the layout's flow
 * runs its child `reserveIntoCart` and the child asks for a code, the `codeRequired` modal of the stack shows
 * the prompt, and what the visitor types goes to the child. The child opens and closes the modal (the
 * wiring's `codePrompt`); if the stack drops it while the child still asks (close all), the prompt cancels.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { reserveIntoCartMachine } from '../../../machines/reserve/core/reserveIntoCart.machine';
import { RESERVE_INTO_CART } from '../../../machines/reserve/core/types';
import { codePromptActions, selectCodePrompt } from '../../../machines/reserve/core/view';
import { CodeRequiredDialog } from '../../../ui/reserve/CodeRequiredDialog';
import { modalsOf } from '../../app/root';
import { useServices } from '../../app/services';
import { flowModalActions, useFlowModal } from '../../app/useFlowModal';

type ReserveChild = ActorRefFrom<typeof reserveIntoCartMachine>;

/** The wiring's open and close of the prompt on the app's modal stack. */
export function useCodePromptModal() {
  const { app } = useServices();
  return useMemo(() => flowModalActions((event) => modalsOf(app).send(event), 'codeRequired'), [app]);
}

/** The prompt of the flow `actor`'s reserve child, when it has one. */
export function CodeRequiredSlot({ actor }: { actor: AnyActorRef }) {
  const child = useSelector(
    actor,
    (s) =>
      (s.children as Record<string, AnyActorRef | undefined>)[RESERVE_INTO_CART] as ReserveChild | undefined,
  );
  return child ? <CodePrompt child={child} /> : null;
}

function CodePrompt({ child }: { child: ReserveChild }) {
  const { strings } = useServices();
  const view = useSelector(child, selectCodePrompt);
  const actions = codePromptActions((event) => child.send(event));
  const modal = useFlowModal('codeRequired', view.asking, actions.onCancel);
  if (!modal) return null;
  return <CodeRequiredDialog strings={strings} view={view} closing={modal.closing} {...actions} />;
}
