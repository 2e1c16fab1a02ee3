/**
 * The strings catalogue: every user-facing string, keyed by name. Spec strings are verbatim.
 *
 * The catalogue is split by flow so that a first load carries only the shell's texts (this file: the frame,
 * listing, event detail frame, home, cart widget frame, errors, 404). Each flow's texts live in a `strings.ts`
 * beside its views (`ui/reserve/strings.ts`, `ui/checkout/strings.ts`, ...) and join the catalogue with
 * `defineStrings` when the flow's chunk loads: the views that use them import that module, so the texts travel
 * in the same lazy chunk. Keys are checked by the compiler against the union of all flows' catalogues
 * (`StringKey`), and a test checks that every module using a flow's key imports that flow's catalogue.
 *
 * Seller portal strings from configuration override any key (`createStrings(overrides)`), also keys of a flow
 * that loads later: the overrides are the catalogue's own properties, the registered defaults its prototype.
 */

import type { accountMenuStrings } from './account/menu-strings';
import type { accountStrings } from './account/strings';
import type { cartStrings } from './cart/strings';
import type { addressStrings } from './checkout/address-strings';
import type { donationStrings } from './checkout/donation-strings';
import type { giftCardStrings } from './checkout/gift-card-strings';
import type { pendingStrings } from './checkout/pending-strings';
import type { promoStrings } from './checkout/promo-strings';
import type { sandboxCaptchaStrings } from './checkout/sandbox-captcha-strings';
import type { scheduledPaymentsStrings } from './checkout/scheduled-payments-strings';
import type { checkoutStrings } from './checkout/strings';
import type { termsStrings } from './checkout/terms-strings';
import type { completeStrings } from './complete-strings';
import type { formStrings } from './form-strings';
import type { homeStrings } from './home-strings';
import type { languageStrings } from './language-strings';
import type { listingStrings } from './listing-strings';
import type { loginStrings } from './login/strings';
import type { manageStrings } from './manage/strings';
import type { membershipPageDefaults } from './membership-strings';
import type { promoBannerStrings } from './promo-strings';
import type { reserveStrings } from './reserve/strings';
import type { seatMapDefaults } from './seatmap/strings';
import type { shellExtrasStrings } from './shell-extras-strings';

/** The shell's texts: what the first-loaded screens render. */
export const shellStrings = {
  skipToContent: 'Skip to content',
  home: 'Home',
  homeLink: 'Go to the home page',
  copyright: '© {year} {seller}. All rights reserved.',
  loading: 'Loading…',
  // 404
  notFoundTitle: 'Oops!',
  notFoundMessage: 'We could not find anything at this URL. (404 Not Found)',
  notFoundPath: 'Requested address: {path}',
  // listing
  eventsTitle: 'Events',
  seeAll: 'See all',
  filters: 'Filter events',
  today: 'Today',
  tomorrow: 'Tomorrow',
  venue: 'Venue',
  // event detail / date-first
  close: 'Close',
  change: 'Change',
  // seat map (spec 1 §2, §5; the two allocation messages are the spec's, the rest ours; the modal's own
  // texts load with it: ui/seatmap/strings.ts)
  // a seated ticket's seat in the cart widget and on the confirmation (ours: the spec names no wording)
  from: 'From',
  free: 'Free',
  total: 'Total',
  back: 'Back',
  dismiss: 'Dismiss',
  tryAgain: 'Try again',
  // cart widget
  cart: 'Your cart',
  cartEmpty: 'Your cart is empty.',
  checkout: 'Checkout',
  confirm: 'Confirm',
  cancel: 'Cancel',
  // 'more time' on the expiry timer (ours: WCAG 2.2.1, beyond the spec)
  // checkout
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  // confirmation
  done: 'Done!',
  orderNotFound: 'We could not find that order.',
  reload: 'Reload',
  /** The error screen's link home (spec 3 §8: unexpected errors show a Continue link to the seller slug). */
  continueHome: 'Continue',

  // ---- messages machines carry by key (machines/shared/messages.ts, domain/error-messages/)
  // errors: spec 1 §8, spec 2 §8, spec 3 §8 (verbatim)
  errorUnexpected: 'Sorry! Something unexpected happened. Please try again.',
  errorUnexpectedLater: 'Sorry, something unexpected happened. Please try again later.',
  errorDescription: '{description}',
  errorOops: 'Oops! Sorry, something went wrong. Please try again.',
  calendarTypesLimit: 'You can only select up to 10 different types of tickets.',
  sessionSoldOut:
    'Tickets have sold out for the session at {time}. Please select another session and try again.',
  dateSoldOut: 'Tickets have sold out for {date}. Please select another date and try again.',
  promoUnknown: 'Sorry. Please try again later.',
  promoInvalid: '"{code}" is not a valid promo code.',
  codeRequired: 'A code is required to continue with your order.',
  // ours: the spec's "generic one" between its fixed prefix and suffix
  giftCardNotFound: 'Gift card not found.',
  giftCardTrouble: 'We are having trouble with that sorry. Please try again later.',
  rescheduleStartAgain: '{description} Click here to start again.',
  // login and accounts (spec 3 §2, §5, §8; tooManyAttempts is ours)
  // memberships: gift codes, self gifting, auto-renew (spec 3 §5, §8)
  // login form, identity provider, account menu, my account (spec 3 §2, §8; texts the spec does not give are ours)
  password: 'Password',
  logIn: 'Log in',
  // redeem a gift membership: the flow's messages (spec 3 §8); the page's texts are in ui/membership-strings.ts
  // checkout (spec 2 §5, §8; the field messages are ours)
  // reserve (spec 1 §5, §8; completed wording marked)
  eventUnavailable: 'Sorry, tickets are not available for this event.',
  // event detail layouts (spec 1 §2)
  anchorRequired: 'Add an admission event to your cart first',
  // quantity-first (spec 1 §2; 'Find tickets' verbatim, the rest ours)
  more: 'More',
  aboutEvent: 'About this event',

  // ---- account pages (spec 3 §2, §5, §8; ours where the spec names no text)
  sending: 'Sending…',
  saving: 'Saving…',
  // membership purchase messages (spec 3 §5, §8; ours where the spec names no text); the form's labels are
  // in ui/membership/labels.ts (its own chunk)
  renewNotYet: 'Your membership can be renewed from {date}.',
  memberSessionBeyondTerm:
    'Your membership expires before this session. Renew your membership to book member tickets for it.',
} as const;

/** Every flow's catalogue, as types only (no text of a lazy flow enters this module's chunk). */
type Catalogue = typeof shellStrings &
  typeof reserveStrings &
  typeof cartStrings &
  typeof checkoutStrings &
  typeof pendingStrings &
  typeof formStrings &
  typeof homeStrings &
  typeof listingStrings &
  typeof languageStrings &
  typeof loginStrings &
  typeof accountMenuStrings &
  typeof accountStrings &
  typeof membershipPageDefaults &
  typeof seatMapDefaults &
  typeof termsStrings &
  typeof sandboxCaptchaStrings &
  typeof promoStrings &
  typeof giftCardStrings &
  typeof donationStrings &
  typeof addressStrings &
  typeof completeStrings &
  typeof scheduledPaymentsStrings &
  typeof promoBannerStrings &
  typeof shellExtrasStrings &
  typeof manageStrings;

export type StringKey = keyof Catalogue;
export type Strings = Record<StringKey, string>;

/** The default texts of the shell and of every flow loaded so far (flows add theirs with `defineStrings`). */
const loaded: Record<string, string> = { ...shellStrings };
/**
 * The default (English) texts of the shell and of the flows loaded so far, typed as the whole catalogue: a
 * flow's keys are there once a module of the flow (its views import its `strings.ts`) has loaded.
 */
export const defaultStrings = loaded as Strings;

/** The visitor's locale (issue 26): what routes/app/locale.ts sets for a visitor in another locale than English. */
export const locale: {
  /** The catalogue's locale: plural forms are chosen by its rules. */
  tag: string;
  /**
   * The texts in the visitor's locale, over the English ones (their prototype): each flow's translation
   * (`strings.es.ts` beside its `strings.ts`) joins this layer; a key it lacks reads the English text.
   */
  texts: Record<string, string>;
  /** Called with each flow's English texts as the flow loads (to load the same flow's texts in the locale). */
  defined?: (texts: Record<string, string>) => void;
  /** Settles once every translation asked for so far has loaded (lazy chunks wait for it: no English flash). */
  ready?: Promise<unknown>;
  /** Called when a translation has joined the catalogue (the app renders again). */
  changed?: () => void;
} = { tag: 'en', texts: Object.create(loaded) };

/**
 * Adds a flow's texts to the catalogue (called once, at the top of the flow's `strings.ts`) and returns them.
 * Catalogues made earlier by `createStrings` see them at once; their overrides stay on top.
 */
export function defineStrings<const T extends Record<string, string>>(texts: T): T {
  for (const [key, value] of Object.entries(texts)) {
    if (key in loaded && loaded[key] !== value) throw new Error(`strings: the key ${key} is defined twice`);
    loaded[key] = value as string;
  }
  locale.defined?.(texts);
  return texts;
}

/** The catalogue with the seller's portal strings over every key, including keys of flows not loaded yet. */
export function createStrings(overrides: Partial<Record<string, string>> = {}): Strings {
  const out = Object.create(locale.texts) as Record<string, string>;
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') out[key] = value;
  }
  return out as Strings;
}

/**
 * A message's parameter: text, a number, or a value written here in the visitor's locale (issue 26): an
 * instant's time of day in a zone (`{ time: ISO, zone }`: '10:00 AM', in Spanish '10:00') or a calendar day
 * (`{ day: 'YYYY-MM-DD' }`: 'Sat, Nov 21, 2026', in Spanish 'sáb, 21 nov 2026').
 */
export type MessageParam = string | number | { time: string; zone: string } | { day: string };

/** A message as machines carry it: a catalogue key and its parameters (never English text). */
export interface UiMessage {
  key: StringKey;
  params?: Record<string, MessageParam>;
}

/**
 * Writes a time or a day parameter in the visitor's locale: ui/format.ts sets it as it loads (every view that
 * shows such a message formats money or dates, so it has loaded), which keeps the date code out of the entry.
 */
export const paramWriter: { write?: (value: { time: string; zone: string } | { day: string }) => string } =
  {};

/** A parameter as text: times and days in the visitor's locale (ui/format.ts; before it loads, as carried). */
export function paramText(value: MessageParam): string | number {
  if (typeof value !== 'object') return value;
  return paramWriter.write?.(value) ?? ('time' in value ? value.time : value.day);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The template of `key` for a count: a key whose text names a count has plural forms, the base key the
 * `other` form and `<key>_<category>` (`_one`, `_two`, `_few`, ...) the others, chosen by `Intl.PluralRules`
 * for the catalogue's locale (`locale.tag`). Portal strings may override any form.
 */
function template(strings: Strings, key: StringKey, count: unknown): string | undefined {
  const all = strings as Record<string, string | undefined>;
  if (typeof count === 'number' && Number.isFinite(count)) {
    let rules = pluralRules.get(locale.tag);
    if (!rules) {
      rules = new Intl.PluralRules(locale.tag);
      pluralRules.set(locale.tag, rules);
    }
    const form = all[`${key}_${rules.select(count)}`];
    if (typeof form === 'string') return form;
  }
  return all[key];
}

/**
 * The text of `key` with its parameters filled; `pluralBy` names the parameter that picks the plural form
 * (`count` unless told). A key whose flow has not loaded (a bug) reads as the generic error, never blank.
 */
export function text(
  strings: Strings,
  key: StringKey,
  params: Record<string, MessageParam> = {},
  pluralBy = 'count',
): string {
  const found = template(strings, key, params[pluralBy]);
  if (found === undefined) {
    console.warn(`strings: no text for ${key} (its flow's strings.ts was not loaded)`);
    return strings.errorUnexpected;
  }
  return fill(found, params);
}

/** The text of a message, with the seller's overrides already in `strings`. */
export const resolveMessage = (strings: Strings, message: UiMessage): string =>
  text(strings, message.key, message.params ?? {});

/** Fills `{name}` placeholders (times and days written by `paramText`). */
export function fill(template: string, values: Record<string, MessageParam>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(paramText(values[key] as MessageParam)) : match,
  );
}
