/** The order confirmation, written to the outbox in the transaction that books (server/mail/ delivers it). */
import { eq } from 'drizzle-orm';
import type { CartRow, TicketRow } from '../cart/document';
import { mailLocaleOf } from '../catalog/locales';
import type { Tx } from '../db';
import type { AppCtx } from '../http/context';
import type { Row } from '../http/docs';
import { brandOf } from '../mail/layout';
import { queueMail } from '../mail/message';
import { loadOrderMail, orderConfirmationMail } from '../mail/order-mail';
import { linkKey, manageLink, orderToken } from '../manage/token';
import * as t from '../schema';
import { walletPassLink } from '../wallet/pass';

export async function queueConfirmation(
  ctx: AppCtx,
  tx: Tx,
  cart: CartRow,
  order: Row<typeof t.ticketOrder>,
  tickets: TicketRow[],
  amountCents: number,
  nowMs: number,
) {
  const [who] = await tx.select().from(t.identity).where(eq(t.identity.id, cart.identityId));
  if (!who?.email) return;
  const [seller] = await tx.select().from(t.seller).where(eq(t.seller.id, cart.sellerId));
  if (!seller) return;
  const origin = ctx.publicUrl ?? '';
  const key = await linkKey(ctx.db, ctx.linkSecret, tx);
  const data = await loadOrderMail(tx, {
    order,
    seller,
    tickets,
    firstName: who.firstName,
    totalCents: amountCents,
    // Links: PUBLIC_URL, else the origin the paying request came to (payments/routes.ts), else a path.
    origin,
    // The manage page (cancel free tickets), signed for this order: the email is the purchaser's proof.
    manageLink: manageLink(origin, seller.slug, order.id, orderToken(key, 'manage', order.id)),
    // The printable order whole (its codes, attendees): the email is the purchaser's.
    readToken: orderToken(key, 'order', order.id),
  });
  // The Apple Wallet pass (server/wallet/), when the seller has a certificate: its read token, as the printable order.
  const walletLink =
    ctx.walletPasses?.has(seller.slug) && data.sessions.length
      ? walletPassLink(origin, seller.id, order.id, orderToken(key, 'order', order.id))
      : null;
  await queueMail(
    tx,
    {
      sellerId: seller.id,
      to: who.email,
      // In the buyer's language: the locale the cart kept when it paid (payments/routes.ts), else the seller's
      // default (English for a seller naming no locales).
      ...orderConfirmationMail(
        await brandOf(tx, seller),
        { ...data, walletLink },
        await mailLocaleOf(tx, seller.id, cart.locale),
      ),
    },
    nowMs,
  );
}
