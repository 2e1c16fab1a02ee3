/**
 * Every flow's error rules in one import (the catalogue test, tools) and `errorOutcome`, which dispatches on the
 * flow. Screens and machines import their flow's module (./checkout, ./login …) and ./base instead, so each
 * bundle carries only its own rules.
 */
import {
  accountFormOutcome,
  forgotOutcome,
  notFoundOutcome,
  resetLinkOutcome,
  setEmailOutcome,
  verifyEmailOutcome,
} from './account';
import {
  described,
  type ErrorLike,
  type ErrorMessage,
  type ErrorOutcome,
  type ErrorWhere,
  generalOutcome,
  genericMessageKey,
  type MessageParams,
  outcomeMessage,
  textParams,
} from './base';
import { checkoutOutcome } from './checkout';
import { loginOutcome } from './login';
import { autoRenewOutcome, giftOutcome, membershipOutcome, redeemOutcome } from './membership';
import { cancelOrderOutcome, rescheduleOutcome } from './order';
import { calendarOutcome, promoOutcome, reserveOutcome } from './reserve';

export * from './account';
export * from './base';
export * from './checkout';
export * from './login';
export * from './membership';
export * from './order';
export * from './reserve';

/**
 * What the visitor sees for `error` in the flow `where`. `params` carries what only the flow knows (the
 * sold-out session's time or date, the promo code typed).
 */
export function errorOutcome(error: ErrorLike, where: ErrorWhere, params: MessageParams = {}): ErrorOutcome {
  switch (where) {
    case 'calendar':
      return calendarOutcome(error);
    case 'reserve':
      return reserveOutcome(error, params);
    case 'promo':
      return promoOutcome(error, textParams(params));
    case 'checkout':
      return checkoutOutcome(error);
    case 'login':
      return loginOutcome(error, textParams(params));
    case 'forgot':
      return forgotOutcome(error);
    case 'setEmail':
      return setEmailOutcome(error, textParams(params));
    case 'verifyEmail':
      return verifyEmailOutcome(error);
    case 'account':
      return accountFormOutcome(error, textParams(params));
    case 'order':
    case 'giftCard':
    case 'resend':
      return notFoundOutcome(error, where);
    case 'resetLink':
      return resetLinkOutcome(error);
    case 'reschedule':
      return rescheduleOutcome(error);
    case 'membership':
      return membershipOutcome(error);
    case 'redeem':
      return redeemOutcome(error);
    case 'gift':
      return giftOutcome(error);
    case 'autoRenew':
      return autoRenewOutcome(error);
    case 'cancelOrder':
      return cancelOrderOutcome(error);
    case 'confirmation':
      return described(error, genericMessageKey(where));
    default:
      return generalOutcome(error, where);
  }
}

/** The message for an error in a flow (an ignored error or a code prompt still has a message to fall back on). */
export function errorMessage(error: ErrorLike, where: ErrorWhere, params: MessageParams = {}): ErrorMessage {
  return outcomeMessage(errorOutcome(error, where, params), where);
}
