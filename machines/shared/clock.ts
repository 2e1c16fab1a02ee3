/**
 * The clock a machine's provided actors read time from. Machines never read the wall clock: the route
 * provides the real one, tests a `SimulatedClock` from xstate (which has exactly this shape), so one simulated
 * clock can drive both `createActor(machine, { clock })` and the actors the machine invokes.
 *
 * Only the type lives here: the real clock is built in `routes/`.
 */
export interface Clock {
  /** Epoch ms (the real clock) or simulated ms. */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}
