/**
 * Join code on demand: a call starts loading its module together with its request, so the code arrives while
 * the response is in flight and the first load of screens that never make the call does not carry it. A
 * failed load is forgotten, so the next call tries again.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      const attempt = load();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
    }
    return loading;
  };
}

/** Event detail, calendar, sessions and ticket group joins (join-event.ts). */
export const eventJoins = onDemand(() => import('./join-event'));

/** Order joins (join-orders.ts): the confirmation screen's. */
export const orderJoins = onDemand(() => import('./join-orders'));

/** Cart joins (join-cart.ts): loaded with the first cart call, so an empty cart's first load does not carry them. */
export const cartJoins = onDemand(() => import('./join-cart'));

/** Manage page joins (join-manage.ts): only the manage page loads them. */
export const manageJoins = onDemand(() => import('./join-manage'));
