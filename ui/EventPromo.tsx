import { SellerHtml } from './SellerHtml';

/** Promo text and membership promo text of event detail (spec 1 §2): seller HTML, sanitised. */
export function EventPromo({
  promo,
  membershipPromo,
}: {
  promo: string | null;
  membershipPromo: string | null;
}) {
  if (!promo && !membershipPromo) return null;
  return (
    <div className="event-promos">
      {promo ? <SellerHtml className="message event-promo" html={promo} /> : null}
      {membershipPromo ? (
        <SellerHtml className="message event-promo event-promo--membership" html={membershipPromo} />
      ) : null}
    </div>
  );
}
