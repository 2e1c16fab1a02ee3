/**
 * The member session (spec 3 §4): the app-wide slot the members issue fills with login modes, the session
 * watch (checked every second) and logout. Today every visitor is a guest of the public identity.
 */
import { setup } from 'xstate';

export interface SessionContext {
  /** The logged-in member's identity id; null for a guest (the public identity). */
  identityId: string | null;
}

export const sessionMachine = setup({
  types: { context: {} as SessionContext },
}).createMachine({
  id: 'session',
  description: 'The member session. Every visitor is a guest until member accounts land.',
  context: { identityId: null },
  initial: 'guest',
  states: {
    guest: { description: 'No member is logged in: carts belong to the public identity.' },
  },
});

export type SessionMachine = typeof sessionMachine;
