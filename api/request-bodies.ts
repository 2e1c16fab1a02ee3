/**
 * The request bodies the reference server validates at its boundary (zod). Apart from the wire schemas
 * (./schemas) because no first load needs them: a schema built at module level is kept by the bundler even
 * where nothing reads it. The lazily loaded members client parses its login and user bodies with these too.
 */
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../domain/email';
import { FIELD_MAX, ZIP_PATTERN } from '../domain/identity-form';
import { COUNTRY_CODES } from '../domain/places';
import { LOGIN_EMAIL_MAX, LOGIN_FIELD_MAX, LOGIN_ZIP } from './schemas';

const id = z.string();
const money = z.string();

/**
 * The visitor's negotiated locale a request carries (issue 26): a payment's, and an account request's that mails
 * (password reset, resend tickets, forgot membership, a new account or email address, the manage page's
 * emails). A BCP 47 tag's letters, digits and dashes, at most 35 characters (else 400); whether the seller offers
 * it is the server's check (an unoffered tag mails in the seller's default language).
 */
export const LOCALE_TAG_MAX = 35;
export const localeTag = z
  .string()
  .check(
    z.maxLength(LOCALE_TAG_MAX),
    z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag'),
  );

/* ---------- cart, checkout and payment ---------- */

/** One reservation line per ticket. */
export const reservationLine = z.object({
  event_session_id: z.nullable(id),
  ticket_type_id: id,
  face_value: z.optional(z.nullable(money)),
  admit_name: z.optional(z.nullable(z.string().check(z.maxLength(101)))),
  admit_email: z.optional(z.nullable(z.string().check(z.maxLength(254)))),
  handler_data: z.optional(z.unknown()),
});

export const cartModifyBody = z.object({
  campaign: z.optional(z.record(z.string(), z.string())),
  add: z.optional(z.array(reservationLine).check(z.maxLength(1000))),
  remove: z.optional(z.array(id).check(z.maxLength(1000))),
  preReservePromoCodes: z.optional(z.unknown()),
  postReservePromoCodes: z.optional(z.unknown()),
  additionalInfo: z.optional(z.unknown()),
  preloadedPromoCodes: z.optional(z.unknown()),
});

/* ---------- promo codes (spec 1 §3, spec 2 §7; server/README.md "Promo codes") ---------- */

/** Codes after the reserve, and the default codes (errors ignored): `{ codes }`. */
export const promoCodesPayload = z.object({ codes: z.array(z.string()) });
/** Codes before the reserve (spec 1 §3): `{ codes, handler (default citypass), handler_data.visit_datetime }`. */
export const preReservePromoCodes = z.object({
  codes: z.array(z.string()),
  handler: z.optional(z.string()),
  handler_data: z.optional(z.object({ visit_datetime: z.optional(z.nullable(z.string())) })),
});
/** POST (my/)cart/{id}/apply_code (spec 2 §7). */
export const applyCodeBody = z.object({
  codes: z.array(z.string()),
  require_benefit: z.optional(z.boolean()),
  ignore_errors: z.optional(z.boolean()),
});

export const sessionsQueryBody = z.object({
  quantities: z.optional(z.record(z.string(), z.number())),
});

/**
 * The identity form's fields beyond the names and email (spec 2 §3, spec 3 §3 identity meta; limits spec 3 §5,
 * §9): the purchaser's at checkout and an account's (POST user, PUT my/user) alike.
 */
const identityDetails = {
  phone: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(FIELD_MAX.phone))),
  address: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(FIELD_MAX.address))),
  address_more: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(FIELD_MAX.address_more))),
  city: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(FIELD_MAX.city))),
  state: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(FIELD_MAX.state))),
  country: z.optional(z.enum(COUNTRY_CODES as [string, ...string[]])),
  zip_code: z.optional(z.string().check(z.trim(), z.regex(ZIP_PATTERN))),
};

/** POST cart/{id}/purchaser: the identity form (spec 2 §3; limits spec 3 §5, §9), nothing else. */
export const purchaserBody = z.strictObject({
  first_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
  last_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
  email: z.string().check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN })),
  ...identityDetails,
});

export const paymentBody = z.object({
  amount: z.string().check(z.regex(/^\d+\.\d{2}$/)),
  gateway_id: z.enum(['stripe', 'ledger', 'free']),
  gateway_data: z.optional(
    z.object({
      source: z.optional(z.string()),
      description: z.optional(z.string()),
      save_card: z.optional(z.boolean()),
      source_type: z.optional(z.string()),
      ledger_type: z.optional(z.string()),
      ledger_number: z.optional(z.string()),
    }),
  ),
  auto_renew: z.optional(z.boolean()),
  captcha: z.optional(z.object({ provider: z.string(), token: z.string() })),
  /** false: the order's confirmation email is not sent (an injected, staff-style checkout; spec 2 §4). */
  send_email: z.optional(z.boolean()),
  /** The visitor's locale (issue 26; one the seller offers): the order's emails are written in it. */
  locale: z.optional(localeTag),
});

export const guestCheckoutBody = z.object({
  send_email: z.optional(z.boolean()),
  gateway_id: z.optional(z.literal('free')),
  gateway_data: z.optional(z.unknown()),
  captcha: z.optional(z.object({ provider: z.string(), token: z.string() })),
  /** The visitor's locale, as the payment's. */
  locale: z.optional(localeTag),
});

/* ---------- members ---------- */

const loginEmail = z.string().check(z.trim(), z.minLength(1), z.maxLength(LOGIN_EMAIL_MAX));
const loginField = z.string().check(z.trim(), z.minLength(1), z.maxLength(LOGIN_FIELD_MAX));

/** POST login, one shape per mode (the keys tell them apart; no other keys). */
export const passwordLoginBody = z.strictObject({
  email: loginEmail,
  password: z.string().check(z.minLength(1), z.maxLength(254)),
});
export const scanCodeLoginBody = z.strictObject({
  scan_code: loginField,
  zip_code: z.string().check(z.trim(), z.regex(LOGIN_ZIP)),
});
export const scanCodeLastNameLoginBody = z.strictObject({ scan_code: loginField, last_name: loginField });
export const scanCodePasswordLoginBody = z.strictObject({
  scan_code: loginField,
  email: loginEmail,
  password: z.string().check(z.minLength(1), z.maxLength(254)),
});
/** The identity provider's ID token (a JWT), exchanged for a session. */
export const jwtLoginBody = z.strictObject({ jwt: z.string().check(z.minLength(1), z.maxLength(8000)) });
export const loginBody = z.union([
  passwordLoginBody,
  scanCodeLoginBody,
  scanCodeLastNameLoginBody,
  scanCodePasswordLoginBody,
  jwtLoginBody,
]);

/** PATCH my/user/{id}: the fields a member may change (set email: `email`). */
export const userPatchBody = z.strictObject({
  email: z.optional(z.string().check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN }))),
  first_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(50))),
  last_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(50))),
  /** The visitor's locale: a new email's confirmation (and the old address's notice) is written in it. */
  locale: z.optional(localeTag),
});

/**
 * POST user (new account) and PUT my/user (the logged-in member's own): spec 3 §5 identity form, with the
 * seller's custom identity fields (the account's identity meta, issue 26: the same keys and limits as the
 * purchaser's). PUT my/user changes the password only with the current one (`current_password`; ignored by
 * POST user).
 */
export const userBody = z.strictObject({
  first_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
  last_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
  email: z.string().check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN })),
  password: z.optional(z.string().check(z.minLength(8), z.maxLength(254))),
  current_password: z.optional(z.string().check(z.minLength(1), z.maxLength(254))),
  additional_info: z.optional(z.unknown()),
  /** The visitor's locale: the verification email is written in it. */
  locale: z.optional(localeTag),
  ...identityDetails,
});

/** POST password_reset/request, POST membership/forgot; `locale`: the email's language. */
export const emailBody = z.strictObject({
  email: z.string().check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN })),
  locale: z.optional(localeTag),
});
export const resendBody = z.strictObject({
  email: z.string().check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN })),
  memberships_only: z.optional(z.boolean()),
  locale: z.optional(localeTag),
});
export const myResendBody = z.strictObject({
  memberships_only: z.optional(z.boolean()),
  locale: z.optional(localeTag),
});
export const resetValidateBody = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});
/** POST user/verify_email: the token of an email verification link. */
export const verifyEmailBody = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const resetBody = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.minLength(8), z.maxLength(254)),
});
