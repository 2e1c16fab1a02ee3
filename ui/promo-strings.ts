/**
 * The promo banners' texts (spec 1 §2 "promo code banner"; the region's name is ours: the spec names none).
 * They join the catalogue when the banners' chunk loads (see `ui/strings.ts`).
 */
import { defineStrings } from './strings';

export const promoBannerStrings = defineStrings({
  promoBannersLabel: 'Offers',
});
