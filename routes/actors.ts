/**
 * The promise actors the routes provide to machines (API calls, lazy imports). Use this `fromPromise`, not
 * xstate's, in every wiring (biome.json holds it for routes/).
 *
 * Why: a call whose signal was aborted must never settle into a machine. The signal is aborted when the
 * invoked actor stops (the machine left the state, the screen unmounted). Usually the stopped actor then
 * drops the settlement itself, but under React's StrictMode (`npm run dev`) @xstate/react keeps the same actor
 * refs across the simulated unmount and mount: it stops the tree (aborting every pending call) and then puts
 * each actor's snapshot from before the stop back ("active") and starts it again. The invoked promise actor
 * runs its promise a second time, and the first, aborted one, rejecting with an AbortError, passes xstate's
 * "still active" check and reaches the live machine as `xstate.error.actor.*`: the reserve forms showed
 * "Sorry! Something unexpected happened." on first load. Here the aborted call's promise simply never
 * settles; the new call, with its own signal, answers.
 */
import { type EventObject, type NonReducibleUnknown, fromPromise as xstateFromPromise } from 'xstate';

type PromiseCreator<TOutput, TInput, TEmitted extends EventObject> = Parameters<
  typeof xstateFromPromise<TOutput, TInput, TEmitted>
>[0];

/** What `promise` settles to, unless `signal` was aborted first: then it never settles. */
export function unlessAborted<T>(signal: AbortSignal, promise: PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    Promise.resolve(promise).then(
      (value) => {
        if (!signal.aborted) resolve(value);
      },
      (error: unknown) => {
        if (!signal.aborted) reject(error);
      },
    );
  });
}

/** xstate's `fromPromise`, except that an aborted call (its actor was stopped) never settles. */
export function fromPromise<
  TOutput,
  TInput = NonReducibleUnknown,
  TEmitted extends EventObject = EventObject,
>(creator: PromiseCreator<TOutput, TInput, TEmitted>) {
  return xstateFromPromise<TOutput, TInput, TEmitted>((args) => unlessAborted(args.signal, creator(args)));
}

/** Wraps an API call as a machine actor (the machine declares the actor's input and output types). */
export const fromApi = <TOutput, TInput>(
  call: (args: { input: TInput; signal: AbortSignal }) => Promise<TOutput>,
) => fromPromise<TOutput, TInput>(({ input, signal }) => call({ input, signal }));
