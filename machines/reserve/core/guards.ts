/**
 * Named guards every reserve flow shares, over the child `reserveIntoCart`'s done event (spread into each
 * flow's `setup({ guards })`: implementations, not config).
 */
import type { EventObject } from 'xstate';
import { refusalOfEvent, reservedCartOf } from './rules';

type EventArgs = { event: EventObject };

export const reserveCoreGuards = {
  /** The reserve went through. */
  isReserved: ({ event }: EventArgs) => reservedCartOf(event) !== null,
  /** The session sold out between choosing it and reserving. */
  isSessionSoldOut: ({ event }: EventArgs) => refusalOfEvent(event)?.kind === 'sessionSoldOut',
};
