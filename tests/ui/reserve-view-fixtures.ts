/**
 * Reserve view models for the `ui/` tests (issue 17): the forms take the flows' view models as their props, so a
 * test builds whole ones. Each factory fills what the machine's selector always sets with its neutral value and
 * takes what the test names.
 */

import type { DayOption, SessionOption } from '../../machines/reserve/dateFirstReserve.selectors';
import type { QfSession, QfTicketGroup } from '../../machines/reserve/quantityFirstReserve.view';
import type { TicketGroupView } from '../../machines/reserve/ticket-groups-view';

/** A calendar day: available (or sold out when disabled), priced 'From' its lowest price, no badges. */
export const dayOf = (
  d: Pick<DayOption, 'date' | 'disabled' | 'minPriceCents'> & Partial<DayOption>,
): DayOption => ({
  status: d.disabled ? 'sold_out' : 'available',
  availability: null,
  price: d.minPriceCents === null ? null : { prefix: null, cents: d.minPriceCents },
  badges: [],
  selected: false,
  ...d,
});

const sessionDefaults = {
  availableCapacity: null,
  remaining: null,
  soldOut: false,
  disabled: false,
  conflict: false,
  selected: false,
  allDay: false,
  annotation: null,
};

/** A date-first session: bookable, not chosen, not all day. */
export const sessionOf = (
  s: Pick<SessionOption, 'id' | 'start' | 'timeZone'> & Partial<SessionOption>,
): SessionOption => ({
  end: s.start,
  ...sessionDefaults,
  ...s,
});

/** A quantity-first session, with the chosen quantities' total at its prices. */
export const qfSessionOf = (
  s: Pick<QfSession, 'id' | 'start' | 'timeZone' | 'totalCents'> & Partial<QfSession>,
): QfSession => ({
  ...sessionDefaults,
  ...s,
});

type TypeInput = { id: string; name: string; priceCents: number; quantity: number } & Partial<
  TicketGroupView['types'][number]
>;
const typeOf = (t: TypeInput) => ({
  description: null,
  originalPriceCents: null,
  feeCents: 0,
  canIncrement: true,
  canDecrement: t.quantity > 0,
  flexiblePrice: null,
  ...t,
});

/** A date-first ticket group: unlimited, within its limits. */
export const groupOf = (
  g: Pick<TicketGroupView, 'id' | 'name' | 'description'> & { types: TypeInput[] },
): TicketGroupView => ({
  remaining: null,
  withinLimits: true,
  minPerOrder: null,
  maxPerOrder: null,
  ...g,
  types: g.types.map(typeOf),
});

/** A quantity-first ticket group. */
export const qfGroupOf = (
  g: Pick<QfTicketGroup, 'id' | 'name' | 'description'> & {
    types: ({ id: string; name: string; priceCents: number; quantity: number } & Partial<
      QfTicketGroup['types'][number]
    >)[];
  },
): QfTicketGroup => ({
  ...g,
  types: g.types.map((t) => ({
    description: null,
    canIncrement: true,
    canDecrement: t.quantity > 0,
    flexiblePrice: null,
    ...t,
  })),
});
