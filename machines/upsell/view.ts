/** The upsell chain as screens read it: the current add-on step (or none) and express checkout. */
import type { SnapshotFrom } from 'xstate';
import type { ListingChain } from '../listing/rules';
import type { upsellMachine } from './upsell.machine';

export interface UpsellView {
  /** The add-on step the visitor is on, with its filters and the visit window; null outside a chain. */
  step: ListingChain | null;
  /** The step's number (1-based) and how many steps there are, for "Add-on 1 of 2". */
  position: { current: number; total: number } | null;
  expressCheckout: boolean;
  /** The seller's visit-time mode (the listing hides its time filter for same_start). */
  visitTime: 'timeslot' | 'same_start' | 'same_date' | 'until_close' | null;
}

export function selectUpsellView(snapshot: SnapshotFrom<typeof upsellMachine>): UpsellView {
  const { chain, config, expressCheckout } = snapshot.context;
  const filter = chain && config ? config.steps[chain.step] : undefined;
  const inChain = snapshot.matches('chain') && chain !== null && filter !== undefined;
  return {
    step: inChain ? { step: chain.step, filter, window: chain.window } : null,
    position: inChain && config ? { current: chain.step + 1, total: config.steps.length } : null,
    expressCheckout,
    visitTime: config?.visitTime ?? null,
  };
}
