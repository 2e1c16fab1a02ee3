/**
 * Promo banners (spec 1 §2 "promo code banner", §3 "Promo banner": name and description), seller-wide and
 * per event: a labelled region with one item per banner. Plain text: the banner's words are the seller's.
 */
import './promo-strings';

export interface PromoBannerItem {
  id: string;
  name: string;
  description: string | null;
}

export function PromoBanners({ label, banners }: { label: string; banners: readonly PromoBannerItem[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="promo-banners" aria-label={label}>
      <ul>
        {banners.map((banner) => (
          <li key={banner.id} className="message message--info promo-banner" data-banner={banner.id}>
            <strong>{banner.name}</strong>
            {banner.description ? <span> {banner.description}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
