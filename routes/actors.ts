import { fromPromise } from 'xstate';

/** Wraps an API call as a machine actor (the machine declares the actor's input and output types). */
export const fromApi = <TOutput, TInput>(
  call: (args: { input: TInput; signal: AbortSignal }) => Promise<TOutput>,
) => fromPromise<TOutput, TInput>(({ input, signal }) => call({ input, signal }));
