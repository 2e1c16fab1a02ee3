/**
 * The app root's rules: its context from the route's input, and what it hands the cart and the session (the
 * seller's 'more time' goes to the cart only when it is offered).
 */
import type { CartInput } from '../cart/types';
import type { SessionInput } from '../session/types';
import type { AppContext, AppInput } from './types';

export function initialAppContext({ input }: { input: AppInput }): AppContext {
  return {
    storedCartId: input.storedCartId,
    storedSession: input.storedSession ?? null,
    ...(input.allowMoreTime ? { allowMoreTime: true } : {}),
  };
}

export function sessionInput({ context }: { context: AppContext }): SessionInput {
  return { stored: context.storedSession };
}

export function cartInput({ context }: { context: AppContext }): CartInput {
  return context.allowMoreTime
    ? { storedCartId: context.storedCartId, allowMoreTime: true }
    : { storedCartId: context.storedCartId };
}
