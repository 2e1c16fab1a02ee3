/**
 * The upsell chain's visit window for the reserve layouts (domain/visit-window.ts): in the layouts' chunks, not
 * the app root's, so no first load carries it.
 */
import type { VisitWindowBounds } from '../../domain/visit-window';
import { type AppActor, upsellOf } from '../app/root';

/**
 * The upsell chain's visit window when `eventId` is an add-on opened from it (the chain is on and the event is
 * not its anchor), else null (domain/visit-window.ts); read when the reserve loads days and sessions, once the
 * chain's actor is there (a chain that cannot load: none).
 */
export async function addOnVisitWindow(app: AppActor, eventId: string): Promise<VisitWindowBounds | null> {
  try {
    const snapshot = (await upsellOf(app).ready).getSnapshot();
    const { chain } = snapshot.context;
    return snapshot.matches('chain') && chain !== null && chain.anchorEventId !== eventId
      ? chain.window
      : null;
  } catch {
    return null;
  }
}
