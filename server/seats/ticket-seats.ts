/**
 * Seats on tickets (issue 9): the seat of each seated ticket for the ticket documents of carts
 * (`cart/document.ts`) and orders (`payments/orders.ts`). Apart from `seats/seats.ts`, which needs the holds (and so the cart
 * document): importing it here would make a cycle.
 */
import { eq, inArray } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import type { Q } from '../db';
import * as st from './schema';

const SEATED = 'seated';

/**
 * The seats of the seated tickets among `tickets`, by ticket id (section, row and seat name as the seat map
 * names them), for the ticket documents of carts and orders. No query when none is seated. A ticket whose seat
 * has since been taken over (it was cancelled or unbooked and another reserve took the seat) has none.
 */
export async function ticketSeats(
  q: Q,
  tickets: readonly { id: string; handler: string }[],
): Promise<Map<string, w.TicketSeat>> {
  const ids = tickets.filter((k) => k.handler === SEATED).map((k) => k.id);
  if (!ids.length) return new Map();
  const rows = await q
    .select({
      ticketId: st.seatHold.ticketId,
      id: st.seatTemplate.id,
      section: st.seatTemplate.section,
      row: st.seatTemplate.row,
      name: st.seatTemplate.name,
    })
    .from(st.seatHold)
    .innerJoin(st.seatTemplate, eq(st.seatTemplate.id, st.seatHold.seatTemplateId))
    .where(inArray(st.seatHold.ticketId, ids));
  return new Map(
    rows.map((r) => [
      r.ticketId as string,
      { seat_template_id: r.id, section: r.section, row: r.row, name: r.name },
    ]),
  );
}
