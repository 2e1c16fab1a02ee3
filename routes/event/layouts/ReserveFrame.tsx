/**
 * What every reserve layout puts around its form: the promo banners (seller-wide and the event's, loaded with
 * the layout's chunk, so no first load carries them), the upsell chain's add-on bar (its skip button shows while
 * no ticket is chosen) and, on small screens, the mobile reserve footer bound to the form by its id.
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { Quantities } from '../../../machines/reserve/quantities';
import { totalTickets } from '../../../machines/reserve/quantities';
import PromoBannerSlot from '../../app/PromoBannerSlot';
import { AddOnStepBar } from '../../app/upsell-steps';
import { SMALL_SCREEN, useMediaQuery } from '../../useMediaQuery';
import { MobileFooter } from './MobileFooter';

/** The form's id and whether the mobile footer stands in for the form's own footer. */
export function useReserveForm(): { formId: string; small: boolean } {
  return { formId: useId(), small: useMediaQuery(SMALL_SCREEN) };
}

/** Any reserve machine's snapshot: has a ticket been chosen? */
export const selectTicketsChosen = (snapshot: { context: { quantities: Quantities } }): boolean =>
  totalTickets(snapshot.context.quantities) > 0;

export interface ReserveFrameProps {
  /** The event: its promo banners and the seller's show above the form (spec 1 §2 "promo code banner"). */
  eventId: string;
  formId: string;
  ticketsChosen: boolean;
  /** The mobile footer's figures, or null when it is not shown (large screens, or nothing to submit yet). */
  footer: { totalCents: number; canSubmit: boolean; submitting: boolean } | null;
  children: ReactNode;
}

export function ReserveFrame({ eventId, formId, ticketsChosen, footer, children }: ReserveFrameProps) {
  return (
    <div className="has-mobile-footer">
      <PromoBannerSlot eventId={eventId} />
      <AddOnStepBar ticketsSelected={ticketsChosen} />
      {children}
      {footer ? (
        <MobileFooter
          formId={formId}
          totalCents={footer.totalCents}
          canSubmit={footer.canSubmit}
          submitting={footer.submitting}
        />
      ) : null}
    </div>
  );
}

/** Whether two selections of the same shape hold the same values, field by field (`useSelector`'s compare). */
export function sameFields<T extends object>(a: T, b: T): boolean {
  for (const key of Object.keys(a) as (keyof T)[]) if (a[key] !== b[key]) return false;
  return true;
}
