/**
 * Memberships (issue 11; spec 3 §7, spec 1 §7, spec 2 §7), loaded on demand through `./membership` (never part
 * of a first load): the membership event's levels and rules, the member's memberships, gift codes, the
 * membership reserve (buy, renew, gift, redeem), giftee and gift checkout, a membership order and its
 * auto-renew, the saved card, and the member's remaining quantity of member tickets.
 */
import * as z from 'zod/mini';
import { ErrorCode } from '../domain/codes';
import { ApiError } from './errors';
import type { CallOptions } from './events';
import { MEMBERSHIP_EMBED } from './members-client';
import type {
  AutoRenewState,
  GiftCodeModel,
  GiftCodeStatus,
  GifteeInput,
  MemberRemainingModel,
  MembershipBenefitModel,
  MembershipDetailModel,
  MembershipEventModel,
  MembershipLevelModel,
  MembershipOrderModel,
  MembershipReserveRequest,
  MembershipRuleModel,
  MembershipRulesModel,
} from './membership-models';
import {
  type GifteeBody,
  giftCodeDocument,
  gifteeDocument,
  type MembershipReserveBody,
  memberRemainingDocument,
  membershipDocument,
  membershipRulesDocument,
  savedPaymentMethodDocument,
} from './membership-schemas';
import type { CartModel } from './models';
import type { ApiRequest } from './request';
import { type CartModifyBody, document as documentSchema, type GiftFreeCheckoutBody } from './schemas';

const enc = encodeURIComponent;

/** Spec 3 §7 and §9: membership rules are loaded with this limit. */
export const MEMBERSHIP_RULES_LIMIT = 1000;
/** Spec 3 §9: a gift membership code is 10 characters. */
export const GIFT_CODE_LENGTH = 10;
/** Embeds of GET ticket_order/{id} for the cancel auto-renew page (spec 3 §7). */
export const MEMBERSHIP_ORDER_EMBED = [
  'ticket',
  'ticket_group',
  'membership',
  'event_template',
  'event_template.venue',
];
/** Its filter (spec 3 §7): booked and redeemed tickets of membership groups. */
export const MEMBERSHIP_ORDER_QUERY = {
  'ticket.state._in': ['booked', 'redeemed'],
  'ticket_group.handler._in': ['membership'],
};

function parse<T extends z.ZodMiniType>(schema: T, raw: unknown): z.infer<T> {
  const result = z.safeParse(schema, raw ?? {});
  if (!result.success) {
    // Paths and codes only: the input may hold personal data.
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      code: issue.code,
    }));
    throw new ApiError({
      code: ErrorCode.unexpected,
      status: 200,
      context: 'invalid_document',
      extra: { issues },
    });
  }
  return result.data;
}

/**
 * A wire amount ("160.00") in cents, on the digits (as `./money` toCents does; imported from there it would split
 * the money helpers out of the first-load bundle into a chunk of their own).
 */
export function amountCents(value: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new ApiError({ code: ErrorCode.unexpected, status: 200, context: 'invalid_amount' });
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] && cents !== 0 ? -cents : cents;
}

const epoch = (iso: string | null): number | null => {
  if (iso === null) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
};

const autoRenewState = (state: string): AutoRenewState =>
  state === 'scheduled' || state === 'cancelled' ? state : 'other';

/* ---------------------------------------------------------------- pure joins (exported for tests) */

export function toRules(raw: unknown): MembershipRulesModel {
  const doc = parse(membershipRulesDocument, raw);
  return {
    rules: (doc.membership_rules?._data ?? []).map(
      (r): MembershipRuleModel => ({
        id: r.id,
        ticketGroupId: r.ticket_group_id,
        ticketTypeId: r.ticket_type_id,
        partyRole: r.party_role,
        named: r.named,
        emailRequired: r.emailed,
        min: r.min,
        max: r.max,
      }),
    ),
    benefits: (doc.membership_benefit?._data ?? []).map(
      (b): MembershipBenefitModel => ({
        id: b.id,
        levelId: b.membership_type_id,
        ticketGroupId: b.ticket_group_id,
        ticketTypeId: b.ticket_type_id,
        limit: b.limit,
      }),
    ),
  };
}

/**
 * A level's member slots from its rules: `named: yes` roles give `max` required named slots (at least one
 * each), `optional` roles `max` optional named slots, `no` roles the unnamed stepper (min..max, summed).
 * A second rule for a party role already seen is skipped (spec 1 §8: logged and skipped; the caller logs
 * `skippedRoles`).
 */
export function levelSlots(
  rules: MembershipRuleModel[],
): Pick<MembershipLevelModel, 'named' | 'optional' | 'unnamed' | 'rules' | 'skippedRoles'> {
  const seen = new Set<string>();
  const kept: MembershipRuleModel[] = [];
  const skippedRoles: string[] = [];
  for (const rule of rules) {
    if (seen.has(rule.partyRole)) {
      skippedRoles.push(rule.partyRole);
      continue;
    }
    seen.add(rule.partyRole);
    kept.push(rule);
  }
  const named: MembershipLevelModel['named'] = [];
  const optional: MembershipLevelModel['optional'] = [];
  let unnamed: MembershipLevelModel['unnamed'] = null;
  for (const rule of kept) {
    const slot = { partyRole: rule.partyRole, emailRequired: rule.emailRequired };
    if (rule.named === 'yes') for (let i = 0; i < Math.max(1, rule.max); i++) named.push(slot);
    else if (rule.named === 'optional') for (let i = 0; i < rule.max; i++) optional.push(slot);
    else
      unnamed = unnamed
        ? { partyRole: unnamed.partyRole, min: unnamed.min + rule.min, max: unnamed.max + rule.max }
        : { partyRole: rule.partyRole, min: rule.min, max: rule.max };
  }
  return { named, optional, unnamed, rules: kept, skippedRoles };
}

/** The membership event document (GET events/{id}) and the rules: its membership groups and levels by rank. */
export function toMembershipEvent(rawEvent: unknown, rules: MembershipRulesModel): MembershipEventModel {
  const doc = parse(documentSchema, rawEvent);
  const ev = doc.event_template?._data[0];
  if (!ev) throw new ApiError({ code: ErrorCode.event_not_found, status: 404, context: 'event_template' });
  const groups = (doc.ticket_group?._data ?? []).filter((g) => g.handler === 'membership');
  const groupIds = new Set(groups.map((g) => g.id));
  const meta = doc.meta?._data ?? [];
  const levels = (doc.ticket_type?._data ?? [])
    .filter((ty) => groupIds.has(ty.ticket_group_id))
    .map(
      (ty): MembershipLevelModel => ({
        id: ty.id,
        ticketGroupId: ty.ticket_group_id,
        eventId: ty.event_template_id,
        name: ty.name,
        description: ty.description,
        amountCents: amountCents(ty.currency_amount),
        discountedCents: ty.discounted_amount === null ? null : amountCents(ty.discounted_amount),
        rank: ty._rank,
        ...levelSlots(rules.rules.filter((r) => r.ticketTypeId === ty.id)),
      }),
    )
    .sort((a, b) => a.rank - b.rank);
  return {
    eventId: ev.id,
    name: ev.name,
    description: ev.description ?? null,
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      meta: Object.fromEntries(
        meta
          .filter((m) => m.resource === 'ticket_group' && m.resource_id === g.id)
          .map((m) => [m.key, m.value]),
      ),
    })),
    levels,
  };
}

/** Memberships of a membership document (GET my/membership, ticket_order/{id}, DELETE …/auto_renew). */
export function toMembershipDetails(raw: unknown): MembershipDetailModel[] {
  const doc = parse(membershipDocument, raw);
  const links = doc.identity_link?._data ?? [];
  return (doc.membership?._data ?? []).map((m) => ({
    id: m.id,
    identityId: m.identity_id,
    memberId: m.scan_code,
    role: m.role,
    levelName: m.level_name,
    levelId: m.ticket_type_id,
    eventId: m.event_template_id,
    autoRenewState: autoRenewState(m.auto_renew_state),
    validFrom: m.valid_from,
    validTo: m.valid_to,
    purchaseLimit: m.member_event_purchase_limit,
    ticketOrderId: m.ticket_order_id,
    ticketGroupId: m.ticket_group_id,
    members: links
      .filter((l) => l.membership_id === m.id)
      .map((l) => ({ role: l.role, firstName: l.first_name, lastName: l.last_name, email: l.email })),
    unnamedCount: m.unnamed_count,
  }));
}

export function toGiftCode(raw: unknown): GiftCodeModel {
  const code = parse(giftCodeDocument, raw).gift_code._data[0];
  if (!code) throw new ApiError({ code: ErrorCode.not_found, status: 404, context: 'gift_code' });
  return {
    code: code.code,
    validFrom: epoch(code.valid_from),
    validTo: epoch(code.valid_to),
    exhausted: code.exhausted,
    levelIds: code.ticket_type_ids,
  };
}

/** Spec 3 §5: exhausted, or expired when now is before valid_from or after valid_to, else valid. */
export function giftCodeStatus(code: GiftCodeModel, nowMs: number): GiftCodeStatus {
  if (code.exhausted) return 'exhausted';
  if ((code.validFrom !== null && nowMs < code.validFrom) || (code.validTo !== null && nowMs > code.validTo))
    return 'expired';
  return 'valid';
}

/** The reserve body of a membership: one line of the level (no session) and the `membership` part. */
export function membershipReserveBody(input: MembershipReserveRequest): CartModifyBody & {
  membership: MembershipReserveBody;
} {
  const membership: MembershipReserveBody = {
    members: input.members.map((m) => {
      const email = m.email?.trim();
      return {
        party_role: m.partyRole,
        first_name: m.firstName.trim(),
        last_name: m.lastName.trim(),
        ...(email ? { email } : {}),
      };
    }),
  };
  if (input.unnamedCount !== undefined) membership.unnamed = input.unnamedCount;
  if (input.autoRenew !== undefined) membership.auto_renew = input.autoRenew;
  if (input.renew !== undefined) membership.renew = input.renew;
  if (input.extend !== undefined) membership.extend = input.extend;
  if (input.gift !== undefined) membership.gift = input.gift;
  if (input.giftCode !== undefined) {
    membership.redeem = true;
    membership.gift_code = input.giftCode.trim();
  }
  if (input.survey?.length)
    membership.survey = input.survey.map((s) => ({ ticket_group_id: s.ticketGroupId, data: s.data }));
  return { add: [{ event_session_id: null, ticket_type_id: input.levelId }], membership };
}

export function toRemaining(raw: unknown): MemberRemainingModel[] {
  return parse(memberRemainingDocument, raw).member_remaining._data.map((r) => ({
    eventId: r.event_template_id,
    ticketGroupId: r.ticket_group_id,
    ticketTypeId: r.ticket_type_id,
    limit: r.limit,
    used: r.used,
    remaining: r.remaining,
  }));
}

/* ---------------------------------------------------------------- the client */

/**
 * What the client needs of the cart module, handed in by `./membership` (the cart join lives in the first-load
 * bundle; importing it here would split it into a chunk of its own).
 */
export interface CartJoin {
  /** The cart embeds and limit of a cart answer. */
  embed: string[];
  limit: number;
  query: Record<string, string[]>;
  /** A cart answer → the cart model. */
  toCart(raw: unknown): CartModel | Promise<CartModel>;
}

const NO_CART_JOIN: CartJoin = {
  embed: [],
  limit: 1000,
  query: {},
  toCart: () => {
    throw new ApiError({ code: ErrorCode.not_provided, status: 200, context: 'cart_join' });
  },
};

/** A member's free gift checkout: the giftee's identity (POST giftee) and the member's own. */
export interface GiftFreeCheckout {
  guestIdentityId: string;
  giverIdentityId: string;
  sendEmail?: boolean;
}

export function createMembershipClient(
  request: ApiRequest,
  cart: CartJoin = NO_CART_JOIN,
  /** Whether a member is logged in now: members use the my/ endpoints (spec 3 §6). */
  isMember: () => boolean = () => false,
) {
  const cartPath = (cartId: string) => `${isMember() ? 'my/' : ''}cart/${enc(cartId)}`;

  return {
    /** GET membership_rules (embed ticket_type, limit 1000; cached: catalogue data). */
    async rules({ signal }: CallOptions = {}): Promise<MembershipRulesModel> {
      return toRules(
        await request('GET', 'membership_rules', {
          embed: ['ticket_type'],
          limit: MEMBERSHIP_RULES_LIMIT,
          cached: true,
          signal,
        }),
      );
    },

    /**
     * The purchase form's data: GET events/{id} (its `membership` groups and their types, meta) and the rules.
     * Rejects with event_not_found when the event is unknown.
     */
    async event(eventId: string, { signal }: CallOptions = {}): Promise<MembershipEventModel> {
      const [rawEvent, rules] = await Promise.all([
        request('GET', `events/${enc(eventId)}`, {
          query: { 'hidden_type._in': ['public_browsable', 'public_link_only'] },
          embed: ['meta', 'ticket_group', 'ticket_type', 'config'],
          signal,
        }).catch((error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400))
            throw new ApiError({ code: ErrorCode.event_not_found, status: 404, context: 'event_template' });
          throw error;
        }),
        this.rules({ signal }),
      ]);
      return toMembershipEvent(rawEvent, rules);
    },

    /** GET my/membership (spec 3 §7 embeds, uncached). Rejects with login_required (401) without a session. */
    async mine({ signal }: CallOptions = {}): Promise<MembershipDetailModel[]> {
      return toMembershipDetails(await request('GET', 'my/membership', { embed: MEMBERSHIP_EMBED, signal }));
    },

    /** GET my/membership/remaining for one event: the member's remaining member tickets per benefit. */
    async remaining(eventId: string, { signal }: CallOptions = {}): Promise<MemberRemainingModel[]> {
      return toRemaining(
        await request('GET', 'my/membership/remaining', { query: { event_template_id: eventId }, signal }),
      );
    },

    /** GET gift_code/{code}. Rejects with not_found (404) for an unknown code; the caller judges the rest. */
    async giftCode(code: string, { signal }: CallOptions = {}): Promise<GiftCodeModel> {
      return toGiftCode(await request('GET', `gift_code/${enc(code.trim())}`, { signal }));
    },

    /**
     * Reserve a membership (buy, renew, gift, or redeem with `giftCode`): POST my/cart/modify (or
     * my/cart/{id}/modify). Redeem rejects with code_not_found (404), code_expired or code_exhausted (400).
     */
    async reserve(
      cartId: string | null,
      input: MembershipReserveRequest,
      { signal }: CallOptions = {},
    ): Promise<CartModel> {
      const path = cartId === null ? 'my/cart/modify' : `my/cart/${enc(cartId)}/modify`;
      const raw = await request('POST', path, {
        query: cart.query,
        embed: cart.embed,
        limit: cart.limit,
        body: membershipReserveBody(input),
        signal,
      });
      return cart.toCart(raw);
    },

    /** POST giftee: the recipient's identity id (spec 3 §7). */
    async createGiftee(input: GifteeInput, { signal }: CallOptions = {}): Promise<string> {
      const body: GifteeBody = {
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        email: input.email.trim(),
      };
      if (input.additionalInfo !== undefined) body.additional_info = input.additionalInfo;
      const identity = parse(gifteeDocument, await request('POST', 'giftee', { body, signal })).identity
        ._data[0];
      if (!identity)
        throw new ApiError({ code: ErrorCode.unexpected, status: 200, context: 'missing_identity' });
      return identity.id;
    },

    /**
     * POST my/cart/{id}/gift_checkout (a guest: cart/{id}/gift_checkout) { giftee_identity_id }: the cart
     * becomes a gift to that identity; then pay as usual. Rejects with giftee_is_purchaser (400).
     */
    async giftCheckout(
      cartId: string,
      gifteeIdentityId: string,
      { signal }: CallOptions = {},
    ): Promise<CartModel> {
      const raw = await request('POST', `${cartPath(cartId)}/gift_checkout`, {
        body: { giftee_identity_id: gifteeIdentityId },
        query: cart.query,
        embed: cart.embed,
        limit: cart.limit,
        signal,
      });
      return cart.toCart(raw);
    },

    /**
     * POST my/cart/{id}/guest_checkout { guest_identity_id, giver_identity_id } (spec 2 §7): a logged-in member's
     * gift with nothing to pay, booked for the giftee (the guest) with the member as the giver; answers the orders
     * booked. `sendEmail: false` for an injected checkout that suppresses the email (spec 2 §4).
     */
    async giftFreeCheckout(
      cartId: string,
      { guestIdentityId, giverIdentityId, sendEmail = true }: GiftFreeCheckout,
      { signal }: CallOptions = {},
    ): Promise<{ orderIds: string[] }> {
      const raw = await request('POST', `my/cart/${enc(cartId)}/guest_checkout`, {
        body: {
          guest_identity_id: guestIdentityId,
          giver_identity_id: giverIdentityId,
          ...(sendEmail ? {} : { send_email: false }),
        } satisfies GiftFreeCheckoutBody,
        query: cart.query,
        embed: cart.embed,
        limit: cart.limit,
        signal,
      });
      return { orderIds: (await cart.toCart(raw)).orderIds };
    },

    /** GET ticket_order/{id} filtered to membership tickets (spec 3 §7): the order's memberships. */
    async order(orderId: string, { signal }: CallOptions = {}): Promise<MembershipOrderModel> {
      const raw = await request('GET', `ticket_order/${enc(orderId)}`, {
        query: MEMBERSHIP_ORDER_QUERY,
        embed: MEMBERSHIP_ORDER_EMBED,
        signal,
      });
      const order = parse(membershipDocument, raw).ticket_order?._data[0];
      if (!order) throw new ApiError({ code: ErrorCode.not_found, status: 404, context: 'ticket_order' });
      return {
        orderId: order.id,
        orderNumber: order.order_number,
        identityId: order.identity_id,
        memberships: toMembershipDetails(raw),
      };
    },

    /**
     * DELETE ticket_order/{id}/auto_renew: the order's memberships after. Rejects with auto_renew_not_enrolled
     * (409) when none is scheduled.
     */
    async cancelAutoRenew(orderId: string, { signal }: CallOptions = {}): Promise<MembershipDetailModel[]> {
      return toMembershipDetails(
        await request('DELETE', `ticket_order/${enc(orderId)}/auto_renew`, { signal }),
      );
    },

    /** GET my/identity/saved_payment_method (uncached): the saved card's identifier, or null. */
    async savedPaymentMethod({ signal }: CallOptions = {}): Promise<string | null> {
      const doc = parse(
        savedPaymentMethodDocument,
        await request('GET', 'my/identity/saved_payment_method', { signal }),
      );
      return doc.saved_payment_method._data[0]?.identifier ?? null;
    },
  };
}

export type MembershipClient = ReturnType<typeof createMembershipClient>;
