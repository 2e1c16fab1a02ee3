/**
 * Input validation at the boundary (zod): bounded strings without NUL characters or unpaired UTF-16 surrogates
 * (PostgreSQL rejects both in text), bounded arrays and object keys, a bounded body size. The request body schemas here are
 * the server's stricter versions of the shared wire schemas in `api/schemas.ts` (same shapes and types).
 */
import * as z from 'zod/mini';
import { localeTag } from '../../api/request-bodies';
import type * as w from '../../api/schemas';
import { ADMIT_NAME_MAX } from '../../domain/admit-rule';
import { EMAIL_MAX, EMAIL_PATTERN } from '../../domain/email';
import { countryHasStates, FIELD_MAX, ZIP_PATTERN } from '../../domain/identity-form';
import { COUNTRY_CODES, SUBDIVISIONS } from '../../domain/places';
import type { SurveyAnswers } from '../../domain/survey-rule';
import { LEDGER_NUMBER_MAX } from '../ledger/ledger';
import type { C } from './context';
import { describeIssues, invalid, payloadTooLarge } from './errors';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Bounds of any JSON body, whatever its schema lets through as `unknown`. */
const MAX_DEPTH = 8;
const MAX_ARRAY = 1000;
const MAX_KEYS = 200;
const MAX_STRING = 10_000;

/** An unpaired UTF-16 surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Characters PostgreSQL refuses in text (NUL: error 22021; an unpaired surrogate has no UTF-8 encoding: the
 * driver sends U+FFFD or the database refuses it), refused here as 400 instead of a 500.
 */
const hasRefusedChar = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);
const noNul = z.refine<string>(
  (s) => !hasRefusedChar(s),
  'must not contain NUL characters or unpaired UTF-16 surrogates',
);

/** A bounded string without NUL characters or unpaired surrogates. */
export const text = (max: number) => z.string().check(z.maxLength(max), noNul);

const maxKeys =
  (n: number) =>
  <T extends object>(o: T) =>
    Object.keys(o).length <= n;

/** Any JSON value within the global bounds (depth, array length, keys, string length, no NUL or lone surrogate). */
function withinBounds(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.length <= MAX_STRING && !hasRefusedChar(v);
  if (v === null || typeof v !== 'object') return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(v)) return v.length <= MAX_ARRAY && v.every((x) => withinBounds(x, depth + 1));
  const keys = Object.keys(v);
  if (keys.length > MAX_KEYS) return false;
  return keys.every(
    (k) =>
      k.length <= 200 && !hasRefusedChar(k) && withinBounds((v as Record<string, unknown>)[k], depth + 1),
  );
}
export const boundedJson = z
  .unknown()
  .check(
    z.refine(
      (v) => withinBounds(v),
      `must nest at most ${MAX_DEPTH} levels, with at most ${MAX_ARRAY} items per list, ${MAX_KEYS} keys per object and no NUL characters or unpaired surrogates`,
    ),
  );

const idText = text(100);
const moneyText = z.string().check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount like 12.50'));

/** One reservation line, strict (an unknown key is refused, not dropped). */
const reservationLine = z.strictObject({
  event_session_id: z.nullable(idText),
  ticket_type_id: idText,
  face_value: z.optional(z.nullable(moneyText)),
  // An attendee (spec 1 §3, §5): a name of first and last joined by a space, trimmed; an email by the one rule.
  admit_name: z.optional(z.nullable(text(ADMIT_NAME_MAX).check(z.trim(), z.maxLength(ADMIT_NAME_MAX)))),
  admit_email: z.optional(
    z.nullable(text(EMAIL_MAX).check(z.trim(), z.maxLength(EMAIL_MAX), z.email({ pattern: EMAIL_PATTERN }))),
  ),
  handler_data: z.optional(z.unknown()),
});

/** Survey answers of one ticket group (domain/survey-rule.ts): text or numbers, bounded. */
const surveyData = z
  .record(text(100), z.union([text(1000), z.number().check(z.refine(Number.isFinite, 'must be finite'))]))
  .check(z.refine(maxKeys(50), 'at most 50 keys'));

/** The `membership` part of a reserve (issue 11; `api/membership-schemas.ts` membershipReserve), strict. */
const membershipReserve = z.strictObject({
  members: z.optional(
    z
      .array(
        z.strictObject({
          party_role: text(50).check(z.minLength(1)),
          first_name: text(50).check(z.trim(), z.minLength(1), z.maxLength(50)),
          last_name: text(50).check(z.trim(), z.minLength(1), z.maxLength(50)),
          email: z.optional(
            z.nullable(text(254).check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN }))),
          ),
        }),
      )
      .check(z.maxLength(20)),
  ),
  unnamed: z.optional(z.number().check(z.int(), z.gte(0), z.lte(50))),
  auto_renew: z.optional(z.boolean()),
  renew: z.optional(z.boolean()),
  extend: z.optional(z.boolean()),
  gift: z.optional(z.boolean()),
  redeem: z.optional(z.boolean()),
  gift_code: z.optional(text(50).check(z.trim(), z.regex(/^[A-Za-z0-9]{1,50}$/, 'letters and digits only'))),
  survey: z.optional(
    z
      .array(
        z.strictObject({
          ticket_group_id: idText,
          data: surveyData,
        }),
      )
      .check(z.maxLength(20)),
  ),
}) satisfies z.ZodMiniType<w.MembershipReserveBody>;

/** A promo code as typed: trimmed, 1 to 35 characters (spec 2 §5: at most 35). */
const promoCodeText = text(100).check(z.trim(), z.minLength(1), z.maxLength(35));
/** At most this many codes per request. */
export const MAX_CODES = 10;
const promoCodeList = z.array(promoCodeText).check(z.minLength(1), z.maxLength(MAX_CODES));

/** Codes after the reserve and default codes (`{ codes }`), strict. */
const promoCodesPayload = z.strictObject({
  codes: promoCodeList,
}) satisfies z.ZodMiniType<w.PromoCodesPayload>;
/** Codes before the reserve (spec 1 §3), strict. */
const preReservePromoCodes = z.strictObject({
  codes: promoCodeList,
  handler: z.optional(text(50)),
  handler_data: z.optional(z.strictObject({ visit_datetime: z.optional(z.nullable(text(40))) })),
}) satisfies z.ZodMiniType<w.PreReservePromoCodes>;

/** POST (my/)cart/{id}/apply_code (spec 2 §7), strict. */
export const applyCodeBody = z.strictObject({
  codes: promoCodeList,
  require_benefit: z.optional(z.boolean()),
  ignore_errors: z.optional(z.boolean()),
}) satisfies z.ZodMiniType<w.ApplyCodeBody>;

/** A reserve body: the shared shape plus the membership part of a membership reserve, and typed code payloads. */
export type ModifyBody = Omit<
  w.CartModifyBody,
  'preReservePromoCodes' | 'postReservePromoCodes' | 'preloadedPromoCodes' | 'additionalInfo'
> & {
  additionalInfo?: SurveyAnswers[];
  membership?: w.MembershipReserveBody;
  preReservePromoCodes?: w.PreReservePromoCodes;
  postReservePromoCodes?: w.PromoCodesPayload;
  preloadedPromoCodes?: w.PromoCodesPayload;
};

export const modifyBody = z.object({
  campaign: z.optional(z.record(text(100), text(500)).check(z.refine(maxKeys(50), 'at most 50 keys'))),
  add: z.optional(z.array(reservationLine).check(z.maxLength(MAX_ARRAY))),
  remove: z.optional(z.array(idText).check(z.maxLength(MAX_ARRAY))),
  preReservePromoCodes: z.optional(preReservePromoCodes),
  postReservePromoCodes: z.optional(promoCodesPayload),
  // Survey answers per ticket group (spec 1 §7: ticket_group_id with data), checked in cart/survey.ts.
  additionalInfo: z.optional(
    z
      .array(
        z.strictObject({
          ticket_group_id: idText,
          data: surveyData,
        }),
      )
      .check(z.maxLength(20)),
  ),
  preloadedPromoCodes: z.optional(promoCodesPayload),
  membership: z.optional(membershipReserve),
}) satisfies z.ZodMiniType<ModifyBody>;

/** POST giftee (spec 3 §7), strict. */
export const gifteeBody = z.strictObject({
  first_name: text(50).check(z.trim(), z.minLength(1), z.maxLength(50)),
  last_name: text(50).check(z.trim(), z.minLength(1), z.maxLength(50)),
  email: text(254).check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN })),
  additional_info: z.optional(boundedJson),
}) satisfies z.ZodMiniType<w.GifteeBody>;

/** POST (my/)cart/{id}/gift_checkout (spec 2 §7), strict. */
export const giftCheckoutBody = z.strictObject({
  giftee_identity_id: idText,
}) satisfies z.ZodMiniType<w.GiftCheckoutBody>;

/**
 * POST my/cart/{id}/guest_checkout with the gift's identities (spec 2 §7), strict: a member's free gift checkout
 * (server/README.md, Gifts).
 */
export const giftFreeCheckoutBody = z.strictObject({
  guest_identity_id: idText,
  giver_identity_id: idText,
  send_email: z.optional(z.boolean()),
}) satisfies z.ZodMiniType<w.GiftFreeCheckoutBody>;

/** Any JSON body (bounded by `body`): read first where the keys choose the schema. */
export const anyBody = z.unknown();

/** The keys that make a guest_checkout body the gift's (giftFreeCheckoutBody) rather than guestCheckoutBody. */
export const isGiftFreeCheckout = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && ('guest_identity_id' in data || 'giver_identity_id' in data);

export const quantitiesBody = z.object({
  quantities: z.optional(
    z
      .record(idText, z.number().check(z.int(), z.gte(0), z.lte(1000)))
      .check(z.refine(maxKeys(100), 'at most 100 ticket types')),
  ),
});

/** POST events/{id}/pricecheck. */
export const pricecheckBody = z.strictObject({
  ticket_types_required: z
    .array(z.strictObject({ ticket_type_id: idText }))
    .check(z.minLength(1), z.maxLength(100)),
});

/** POST cart/{id}/remove: the tickets to take out of the cart (at least one). */
export const removeTicketsBody = z.strictObject({
  tickets: z.array(idText).check(z.minLength(1), z.maxLength(MAX_ARRAY)),
});

/** POST cart/{id}/extend: no fields. */
export const extendHoldBody = z.strictObject({});

const purchaserText = (key: 'phone' | 'address' | 'address_more' | 'city' | 'state') =>
  z.optional(text(FIELD_MAX[key]).check(z.trim(), z.minLength(1), z.maxLength(FIELD_MAX[key])));

/**
 * POST cart/{id}/purchaser: the identity form (spec 2 §3; limits spec 3 §5, §9), nothing else: a country is an
 * ISO code, a zip code 4 to 10 letters or digits, and a state of the US or Canada one of its subdivisions.
 */
export const purchaserBody = z
  .strictObject({
    first_name: text(50).check(z.trim(), z.minLength(1), z.maxLength(50)),
    last_name: text(50).check(z.trim(), z.minLength(1), z.maxLength(50)),
    email: text(254).check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN })),
    phone: purchaserText('phone'),
    address: purchaserText('address'),
    address_more: purchaserText('address_more'),
    city: purchaserText('city'),
    state: purchaserText('state'),
    country: z.optional(z.enum(COUNTRY_CODES as [string, ...string[]])),
    zip_code: z.optional(text(10).check(z.trim(), z.regex(ZIP_PATTERN, 'must be 4 to 10 letters or digits'))),
  })
  .check(
    z.refine(
      (p) =>
        !p.state ||
        !p.country ||
        !countryHasStates(p.country) ||
        (SUBDIVISIONS[p.country] ?? []).some(([code]) => code === p.state),
      { message: 'state must be a state or province of the country', path: ['state'] },
    ),
  ) satisfies z.ZodMiniType<w.PurchaserBody>;

export const paymentBody = z.object({
  amount: z.string().check(z.regex(/^\d{1,9}\.\d{2}$/, 'must be an amount like 12.50')),
  gateway_id: z.enum(['stripe', 'ledger', 'free']),
  gateway_data: z.optional(
    z.object({
      source: z.optional(text(255)),
      description: z.optional(text(1000)),
      save_card: z.optional(z.boolean()),
      source_type: z.optional(text(100)),
      ledger_type: z.optional(text(100)),
      ledger_number: z.optional(text(LEDGER_NUMBER_MAX)),
    }),
  ),
  auto_renew: z.optional(z.boolean()),
  captcha: z.optional(z.strictObject({ provider: text(100), token: text(8000) })),
  send_email: z.optional(z.boolean()),
  locale: z.optional(localeTag),
}) satisfies z.ZodMiniType<w.PaymentBody>;

export const guestCheckoutBody = z.object({
  send_email: z.optional(z.boolean()),
  gateway_id: z.optional(z.literal('free')),
  gateway_data: z.optional(z.unknown()),
  /** The captcha token a guest's free checkout carries (spec 2 §4: the last payment's). */
  captcha: z.optional(z.strictObject({ provider: text(100), token: text(8000) })),
  locale: z.optional(localeTag),
});

/** Every query string: at most 100 parameters, bounded names and values, no NUL characters. */
const queryPairs = z
  .array(z.tuple([text(200), text(8000)]))
  .check(z.maxLength(100, 'at most 100 query parameters'));

export function checkQuery(params: URLSearchParams): void {
  const parsed = queryPairs.safeParse([...params.entries()]);
  if (!parsed.success) throw invalid('query', `Invalid query: ${describeIssues(parsed.error.issues)}`);
}

/** Parses and validates a JSON body (at most MAX_BODY_BYTES); an empty body counts as `{}`. */
export async function body<T extends z.ZodMiniType>(c: C, schema: T, context: string): Promise<z.infer<T>> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
  let data: unknown = {};
  if (text.trim()) {
    try {
      data = JSON.parse(text);
    } catch {
      throw invalid(context, 'The request body must be valid JSON.');
    }
  }
  const bounded = boundedJson.safeParse(data);
  if (!bounded.success) throw invalid(context, `Invalid request: ${describeIssues(bounded.error.issues)}`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalid(context, `Invalid request: ${describeIssues(parsed.error.issues)}`);
  return parsed.data as z.infer<T>;
}

/** A manage link's token (server/manage/token.ts): base64url, as the email wrote it. */
const manageToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be a manage link token'));

/** POST ticket_order/{id}/manage (ours): the manage link's token, absent for the owner's member session. */
export const manageAccessBody = z.strictObject({ token: z.optional(manageToken) });

/** POST ticket_order/{id}/cancel (spec 2 §7): the tickets to cancel (at least one); `token` ours. */
export const cancelOrderBody = z.strictObject({
  gateway_data: z.optional(z.strictObject({})),
  tickets: z.array(z.uuid()).check(z.minLength(1), z.maxLength(MAX_ARRAY)),
  token: z.optional(manageToken),
});

/** POST ticket_order/{id}/email (spec 2 §7): which email; `token` ours. */
export const orderEmailBody = z.strictObject({
  log_context: z.enum(['order_update', 'order_cancel']),
  token: z.optional(manageToken),
  /** The visitor's locale (issue 26): the email's language, else the order's. */
  locale: z.optional(localeTag),
});

/**
 * POST cart/{cartId}/modify of an order-bound cart (spec 2 §4 "Edit order", "Reschedule", §7): `remove` the order's
 * tickets the change gives up (at least one), `add` the same ticket types in another session (none: the
 * tickets are cancelled). Strict: the reserve's codes, memberships and attendees have no place in a change.
 */
export const editModifyBody = z.strictObject({
  remove: z.array(z.uuid()).check(z.minLength(1), z.maxLength(MAX_ARRAY)),
  add: z.optional(
    z
      .array(z.strictObject({ event_session_id: z.uuid(), ticket_type_id: z.uuid() }))
      .check(z.maxLength(MAX_ARRAY)),
  ),
});
export type EditModifyBody = z.infer<typeof editModifyBody>;
