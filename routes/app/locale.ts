/**
 * The visitor's locale (issue 26). This module loads only for a seller whose configuration names locales (the
 * runtime configuration's `locales`, the seller's config row `locales`), before the first render: an
 * English-only storefront's first load carries none of it.
 *
 * It negotiates the locale (domain/locale.ts: the query's `lang`, the stored choice, the browser's languages,
 * the seller's default), keeps a choice made through `?lang=` (the switcher's links), sets `<html lang>`, the
 * plural rules and the formatting locale, and loads the catalogues in that locale: the shell's at once, each
 * flow's beside the flow's chunk, when the flow's English texts join the catalogue (`defineStrings`).
 */
import type { RuntimeConfig } from '../../api/schemas';
import { matchLocale, negotiateLocale } from '../../domain/locale';
import { formats } from '../../ui/format';
import { zonedTexts } from '../../ui/format-locale';
import { defaultStrings, locale } from '../../ui/strings';
import { storage as appStorage, type Storage } from '../storage';

type Loader = () => Promise<{ default: Record<string, string> }>;

/**
 * The catalogues the storefront ships in locales other than English, by language; each keyed by one key of
 * the English catalogue it translates (that catalogue's first key): when that key joins the catalogue, its
 * translation loads. tests/ui/strings-locales.test.ts holds every English catalogue to exactly one entry here,
 * and each translation to the same keys and placeholders.
 */
export const CATALOGUES: Readonly<Record<string, Readonly<Record<string, Loader>>>> = {
  es: {
    skipToContent: () => import('../../ui/strings.es'),
    emailsMustMatch: () => import('../../ui/form-strings.es'),
    homeWelcome: () => import('../../ui/home-strings.es'),
    eventsEmpty: () => import('../../ui/listing-strings.es'),
    promoBannersLabel: () => import('../../ui/promo-strings.es'),
    goBack: () => import('../../ui/shell-extras-strings.es'),
    language: () => import('../../ui/language-strings.es'),
    giftCodeInvalid: () => import('../../ui/membership-strings.es'),
    membershipForm: () => import('../../ui/membership/labels.es'),
    greeting: () => import('../../ui/account/menu-strings.es'),
    resendNotFound: () => import('../../ui/account/strings.es'),
    ticketSeats: () => import('../../ui/cart/strings.es'),
    paymentInformation: () => import('../../ui/checkout/strings.es'),
    pendingTitle: () => import('../../ui/checkout/pending-strings.es'),
    scheduledPaymentsTitle: () => import('../../ui/checkout/scheduled-payments-strings.es'),
    giftCardLabel: () => import('../../ui/checkout/gift-card-strings.es'),
    donationTitle: () => import('../../ui/checkout/donation-strings.es'),
    addressSuggestions: () => import('../../ui/checkout/address-strings.es'),
    orderKindTickets: () => import('../../ui/complete-strings.es'),
    sandboxCaptchaTitle: () => import('../../ui/checkout/sandbox-captcha-strings.es'),
    termsTitle: () => import('../../ui/checkout/terms-strings.es'),
    promoCodeLabel: () => import('../../ui/checkout/promo-strings.es'),
    guestAccount: () => import('../../ui/login/strings.es'),
    manageOrderTitle: () => import('../../ui/manage/strings.es'),
    reserveForm: () => import('../../ui/reserve/strings.es'),
    seatMapTitle: () => import('../../ui/seatmap/strings.es'),
  },
};

/** The visitor's locale as the app's services carry it. */
export interface VisitorLocale {
  /** The offered locale shown (its catalogue and portal strings). */
  locale: string;
  /** The seller's default locale (the portal strings' top-level texts are in it). */
  defaultLocale: string;
  /** Every locale the seller offers (the switcher shows them when there is more than one). */
  offered: readonly string[];
}

export interface LocaleEnvironment {
  /** `location.search`. */
  search: string;
  /** `navigator.languages`. */
  languages: readonly string[];
  storage: Storage;
  /** Where `<html lang>` is set. */
  root: { lang: string };
}

/** localStorage key: the language the visitor chose (spec 3 §4 "Local stored state" names the others). */
export const localeKey = (sellerId: string) => `tix:${sellerId}:lang`;

/** The catalogues in `tag`'s language, or none (English is the catalogue itself). */
const cataloguesOf = (tag: string) =>
  CATALOGUES[tag.toLowerCase()] ?? CATALOGUES[tag.toLowerCase().split('-')[0] ?? ''];

/**
 * Negotiates the visitor's locale, applies it, and resolves once the texts already in the catalogue (the
 * shell's and the flows the entry carries) have their translation: the first render is in the locale.
 */
export async function startLocale(
  config: Pick<RuntimeConfig, 'sellerId' | 'locales'>,
  env: LocaleEnvironment = {
    search: window.location.search,
    languages: navigator.languages ?? [],
    storage: appStorage,
    root: document.documentElement,
  },
): Promise<VisitorLocale | undefined> {
  const seller = config.locales;
  if (!seller) return undefined;
  const query = new URLSearchParams(env.search).get('lang');
  const key = localeKey(config.sellerId);
  const { locale: tag, format } = negotiateLocale(seller, {
    query,
    stored: env.storage.get(key),
    browser: env.languages,
  });
  if (query && matchLocale(query, seller.offered) === tag) env.storage.set(key, tag);
  env.root.lang = tag;
  formats.locale = format;
  // English keeps the spec's formats ('ddd, MMM D, YYYY [at] h:mm A'); another language its own.
  if (!/^en\b/i.test(format)) formats.zoned = zonedTexts(format);
  locale.tag = tag;

  const loaders = cataloguesOf(tag);
  if (loaders) {
    const started = new Set<Loader>();
    const start = (loader: Loader | undefined) => {
      if (!loader || started.has(loader)) return;
      started.add(loader);
      // A translation that does not load leaves the English texts: never a blank or broken page. (Not through
      // loadChunk: that waits for the translations, this one among them.)
      const loaded = loader().then(
        (module) => {
          Object.assign(locale.texts, module.default);
          locale.changed?.();
        },
        () => {},
      );
      locale.ready = Promise.all([locale.ready, loaded]);
    };
    for (const [sentinel, loader] of Object.entries(loaders)) if (sentinel in defaultStrings) start(loader);
    locale.defined = (texts) => {
      for (const sentinel in texts) start(loaders[sentinel]);
    };
  }
  await locale.ready;
  return { locale: tag, defaultLocale: seller.default, offered: seller.offered };
}
