/**
 * Wiring of the membership purchase form (buy, renew, gift): the machine with its real implementations.
 * The offer is the membership event's levels and rules (`api.membership.event`); the reserve goes into the
 * app cart (read when it runs) through `api.membership.reserve`; a gift keeps its recipient in local storage
 * for checkout (`giftee`, spec 3 §3 "Local stored state").
 */

import type { Api, CartModel } from '../../api';
import type { MembershipEventModel } from '../../api/membership-models';
import { parseSurvey, SURVEY_META } from '../../domain/survey-rule';
import { membershipPurchaseMachine } from '../../machines/membership/membershipPurchase.machine';
import { gifteeOf } from '../../machines/membership/rules';
import type {
  EmailRequired,
  MembershipOffer,
  PurchaseMember,
  SurveyQuestion,
} from '../../machines/membership/types';
import type { MemberSession } from '../../machines/session/types';
import { fromPromise } from '../actors';
import { gifteeKey } from '../checkout/gift';
import type { Storage } from '../storage';
import { provideReserveCore } from './reserve-core';

export interface MembershipWiring {
  api: Pick<Api, 'membership' | 'cart'>;
  currentCartId: () => string | null;
  reserved: (cart: CartModel, gift: boolean) => void;
  goBack: () => void;
  openLogin: () => void;
  /** The login-or-guest dialog on the modal stack (`loginOrGuest`): shown while the flow asks. */
  loginOrGuestDialog: { open: () => void; close: () => void };
  storage: Storage;
  sellerId: string;
}

const EMAIL_MODES = new Set<EmailRequired>(['yes', 'no', 'other']);

/** The survey of the membership groups (meta `additional_info_spec`, the one survey rule: domain/survey-rule.ts). */
export function surveyOf(event: Pick<MembershipEventModel, 'groups'>): SurveyQuestion[] {
  return event.groups.flatMap((group) => parseSurvey(group.meta[SURVEY_META]));
}

/** The membership event as the form's offer: levels (discounted price first) and their rules. */
export function offerOf(event: MembershipEventModel): MembershipOffer {
  return {
    levels: event.levels.map((level) => ({
      id: level.id,
      groupId: level.ticketGroupId,
      name: level.name,
      description: level.description,
      priceCents: level.discountedCents ?? level.amountCents,
      originalPriceCents: level.discountedCents === null ? null : level.amountCents,
      rank: level.rank,
    })),
    rules: event.levels.flatMap((level) =>
      level.rules.map((rule) => ({
        ticketGroupId: rule.ticketGroupId,
        ticketTypeId: rule.ticketTypeId,
        min: rule.min,
        max: rule.max,
        named: rule.named,
        emailRequired: EMAIL_MODES.has(rule.emailRequired) ? rule.emailRequired : 'no',
        partyRole: rule.partyRole,
      })),
    ),
    survey: surveyOf(event),
  };
}

/** The session's member as the form needs them (their memberships with members, when loaded). */
export function purchaseMemberOf(
  session: MemberSession | null,
  details: Awaited<ReturnType<Api['membership']['mine']>> | null = null,
): PurchaseMember | null {
  if (!session) return null;
  const { member } = session;
  return {
    identityId: member.identityId,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    memberships: details
      ? details.map((m) => ({
          levelName: m.levelName,
          ticketGroupId: m.ticketGroupId,
          validTo: m.validTo,
          members: m.members.map((p) => ({
            first: p.firstName ?? '',
            last: p.lastName ?? '',
            email: p.email,
          })),
        }))
      : session.memberships.map((m) => ({
          levelName: m.levelName,
          ticketGroupId: m.ticketGroupId,
          validTo: m.validTo,
        })),
  };
}

export function provideMembershipPurchase(w: MembershipWiring) {
  return membershipPurchaseMachine.provide({
    actors: {
      loadOffer: fromPromise(async ({ input, signal }) => {
        const event = await w.api.membership.event(input.eventId, { signal });
        // The client already skipped second rules for a party role: log them (ids and roles only).
        for (const level of event.levels)
          for (const role of level.skippedRoles)
            console.warn('membership rule skipped: a second rule for party role', role, level.id);
        return offerOf(event);
      }),
      reserveIntoCart: provideReserveCore(w),
    },
    actions: {
      reserved: ({ context }) => {
        if (!context.cart) return;
        // A gift keeps its recipient for checkout, with the cart it went into.
        const giftee = gifteeOf(context);
        w.storage.set(
          gifteeKey(w.sellerId),
          giftee ? JSON.stringify({ cartId: context.cart.id, ...giftee }) : null,
        );
        w.reserved(context.cart, context.mode === 'gift');
      },
      goBack: () => w.goBack(),
      openLogin: () => w.openLogin(),
      openLoginOrGuest: () => w.loginOrGuestDialog.open(),
      closeLoginOrGuest: () => w.loginOrGuestDialog.close(),
      logSkippedRules: ({ context }) => {
        // Rule ids and roles only: no personal data.
        for (const rule of context.skippedRules)
          console.warn(
            'membership rule skipped: a second rule for party role',
            rule.partyRole,
            rule.ticketTypeId,
          );
      },
    },
  });
}
