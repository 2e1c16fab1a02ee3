/**
 * The seller's locales (issue 26): config row `locales` of the seller, `{ "default": "en", "offered": ["en",
 * "es"] }`. The runtime configuration carries them to the storefront, which negotiates the visitor's locale
 * among them (domain/locale.ts) and shows a language switcher when more than one is offered. No row, or an
 * unreadable one: no `locales` in the runtime configuration, an English storefront as before. Tags that are not
 * BCP 47 are dropped; the default is always among the offered.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { isTag, matchLocale } from '../../domain/locale';
import type { Q } from '../db';
import * as t from '../schema';
import { stableId } from '../util';
import { sellerConfigValue } from './seller-config';

export const LOCALES_CONFIG_KEY = 'locales';

const tag = z.string().check(z.minLength(2), z.maxLength(35));
export const localesConfig = z.object({
  default: tag,
  offered: z.array(tag).check(z.minLength(1), z.maxLength(20)),
});

export interface SellerLocales {
  default: string;
  offered: string[];
}

/** The row's value as the storefront gets it, or undefined when it cannot be used. */
export function readLocales(value: unknown): SellerLocales | undefined {
  const parsed = localesConfig.safeParse(value);
  if (!parsed.success || !isTag(parsed.data.default)) return undefined;
  const canonical = (tag: string) => Intl.getCanonicalLocales(tag)[0] ?? tag;
  const first = canonical(parsed.data.default);
  const offered: string[] = [];
  for (const tag of parsed.data.offered) {
    if (!isTag(tag)) continue;
    const c = canonical(tag);
    if (!offered.includes(c)) offered.push(c);
  }
  if (!offered.includes(first)) offered.unshift(first);
  return { default: first, offered };
}

export async function localesOf(q: Q, sellerId: string): Promise<SellerLocales | undefined> {
  return readLocales(await sellerConfigValue(q, sellerId, LOCALES_CONFIG_KEY));
}

/**
 * The language of an email to a seller's visitor (issue 26): the first of `wanted` the seller offers (a request's
 * negotiated tag, the locale a cart kept; matched as the storefront negotiates: `es-ES` gives `es`), else the
 * seller's default; null (English) for a seller naming no locales, whatever is wanted.
 */
export async function mailLocaleOf(
  q: Q,
  sellerId: string,
  ...wanted: Array<string | null | undefined>
): Promise<string | null> {
  const locales = await localesOf(q, sellerId);
  if (!locales) return null;
  for (const tag of wanted) {
    const offered = matchLocale(tag, locales.offered);
    if (offered) return offered;
  }
  return locales.default;
}

/** The locale an order's cart kept when it paid (the buyer's language; null: none was kept). */
export async function orderLocale(q: Q, order: { cartId: string }): Promise<string | null> {
  const [row] = await q
    .select({ locale: t.cart.locale })
    .from(t.cart)
    .where(eq(t.cart.id, order.cartId))
    .limit(1);
  return row?.locale ?? null;
}

/** Writes the seller's `locales` row (validated as the storefront reads it); null removes it. */
export async function configureLocales(q: Q, sellerId: string, value: SellerLocales | null): Promise<void> {
  const id = stableId(`config:${sellerId}:${LOCALES_CONFIG_KEY}`);
  if (value === null) {
    await q.delete(t.config).where(eq(t.config.id, id));
    return;
  }
  await q
    .insert(t.config)
    .values({ id, resource: 'seller', resourceId: sellerId, key: LOCALES_CONFIG_KEY, value })
    .onConflictDoUpdate({ target: t.config.id, set: { value } });
}
