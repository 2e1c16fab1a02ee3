import { ErrorCode } from '../../domain/codes';

/**
 * The placeholder of an actor the route provides: it rejects with `not_provided`, so a machine run without
 * its wiring shows an error instead of hanging. One copy for every machine.
 */
export const notProvided = (name: string) => (): Promise<never> =>
  Promise.reject({ code: ErrorCode.not_provided, description: `The route must provide ${name}.` });
