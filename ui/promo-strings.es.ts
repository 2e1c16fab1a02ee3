/** The promo banners' texts in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { promoBannerStrings } from './promo-strings';

export default {
  promoBannersLabel: 'Ofertas',
} satisfies Record<keyof typeof promoBannerStrings, string>;
