/**
 * Membership purchase (spec 3 §2 "Membership purchase form", spec 1 §4 "Membership form", §5, §8; spec 2
 * gift checkout): the buy, renew and gift form of a membership event.
 *
 * loading (the provided `loadOffer`: levels, membership rules, survey) -> unavailable ('Memberships are not
 * available at this time.') | editing | loadError (retry). editing: the level radio list (one level: selected
 * automatically; changing it clears auto-renew), extend, named members, optional slots, the unnamed stepper,
 * survey, auto-renew, recipient (gift). submit (only with a level): field checks, at least one member, no
 * self gift, the gift's empty cart, the renewal window -> (gift, guest, not yet chosen) askingLoginOrGuest ->
 * reserving (the same app cart) -> done (the injected `reserved`: the app cart's `cart.updated` and on to
 * checkout). A failed reserve: code_not_found -> failed (rethrown by the screen); rule_blocks_reserve in
 * checkout_rules and validate_not_email -> editing without a message; others -> editing with the message.
 *
 * No I/O: the actors are provided by the route; `reserved`, `goBack`, `openLogin`, `openLoginOrGuest`,
 * `closeLoginOrGuest` (the dialog on the modal stack while the flow asks) and `logSkippedRules` are injected
 * actions.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { outcomeMessage } from '../../domain/error-messages/base';
import { membershipOutcome } from '../../domain/error-messages/membership';
import { selectTicketCount } from '../cart/current';
import type { CartSnapshot } from '../cart/selectors';
import { reservedActions } from '../reserve/core/actions';
import { reserveCoreGuards } from '../reserve/core/guards';
import { reserveIntoCartMachine } from '../reserve/core/reserveIntoCart.machine';
import { flowErrorOf, refusedErrorOf } from '../reserve/core/rules';
import type { ReserveIntoCartInput } from '../reserve/core/types';
import { toFlowError } from '../shared/flow-error';
import { type FollowInput, followActor } from '../shared/follow';
import { message } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import {
  buildLevels,
  clampUnnamed,
  formErrors,
  initialLevel,
  levelOf,
  membershipReserveBody,
  optionalSlotCount,
  prefilledEntries,
  prefilledOptionalCount,
  renewNoticeOf,
  reserveRequestOf,
  sortLevels,
  submitErrorOutcome,
  submitRefusal,
  withoutError,
} from './rules';
import type {
  MembershipOffer,
  MembershipPurchaseContext,
  MembershipPurchaseEvent,
  MembershipPurchaseInput,
} from './types';

// ---- named mappers ----------------------------------------------------------------------------------

function followCartInput({ context }: { context: MembershipPurchaseContext }): FollowInput {
  return { actor: context.cartActor ?? null };
}

export function membershipPurchaseContext({
  input,
}: {
  input: MembershipPurchaseInput;
}): MembershipPurchaseContext {
  return {
    event: input.event,
    mode: input.mode,
    settings: input.settings,
    member: input.member,
    cartTicketCount: input.cartTicketCount,
    cartActor: input.cartActor ?? null,
    now: input.now,
    levels: [],
    skippedRules: [],
    survey: [],
    levelId: null,
    extend: false,
    members: [],
    optionalCount: 0,
    unnamedCount: 0,
    answers: {},
    autoRenew: null,
    recipient: { first: '', last: '', email: '' },
    asGuest: false,
    fieldErrors: {},
    formError: null,
    renewNotice: renewNoticeOf(input.mode, input.member, input.settings, input.now),
    thrown: null,
    refusals: 0,
    cart: null,
  };
}

export const offerInput = ({ context }: { context: MembershipPurchaseContext }) => ({
  eventId: context.event.id,
});

export function membershipReserveInput({
  context,
}: {
  context: MembershipPurchaseContext;
}): ReserveIntoCartInput {
  return { request: { kind: 'membership', membership: membershipReserveBody(reserveRequestOf(context)) } };
}

/** A refused reserve's error with its context (an unexpected one when the core itself failed). */
const submitErrorOf = (event: MembershipPurchaseEvent) =>
  refusedErrorOf(event) ?? { ...toFlowError(null), context: null };

/** The level, its member entries and optional/unnamed counts for a newly selected level. */
function selectLevel(context: MembershipPurchaseContext, levelId: string | null) {
  const level = context.levels.find((l) => l.id === levelId) ?? null;
  const members = prefilledEntries(level, context);
  return {
    levelId: level?.id ?? null,
    members,
    optionalCount: prefilledOptionalCount(level, members),
    unnamedCount: level?.unnamed ? level.unnamed.min : 0,
    fieldErrors: {},
  };
}

// ---- the machine ------------------------------------------------------------------------------------

export const membershipPurchaseMachine = setup({
  types: {
    context: {} as MembershipPurchaseContext,
    events: {} as MembershipPurchaseEvent,
    input: {} as MembershipPurchaseInput,
  },
  actors: {
    /** The app cart's ticket count, as `cart.changed` whenever it changes. */
    followCart: followActor((snapshot: CartSnapshot) => ({
      type: 'cart.changed' as const,
      ticketCount: selectTicketCount(snapshot),
    })),
    loadOffer: fromPromise<MembershipOffer, { eventId: string }>(notProvided('loadOffer')),
    reserveIntoCart: reserveIntoCartMachine,
  },
  guards: {
    ...reserveCoreGuards,
    hasNoLevels: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadOffer');
      return event.output.levels.length === 0;
    },
    hasLevel: ({ context }) => levelOf(context) !== null,
    isKnownLevel: ({ context, event }) => {
      assertEvent(event, 'level.select');
      return context.levels.some((level) => level.id === event.levelId);
    },
    formIsValid: ({ context }) =>
      Object.keys(formErrors(context)).length === 0 && submitRefusal(context) === null,
    needsLoginOrGuest: ({ context }) =>
      context.mode === 'gift' && context.member === null && !context.asGuest,
    isRethrown: ({ event }) => submitErrorOutcome(submitErrorOf(event)).kind === 'rethrow',
    isLoggedIn: ({ event }) => {
      assertEvent(event, 'member.changed');
      return event.member !== null;
    },
  },
  actions: {
    /** Injected `reserved`: the reserve succeeded with `context.cart` (`cart.updated`, then checkout). */
    ...reservedActions<MembershipPurchaseContext, MembershipPurchaseEvent>(),
    /** Injected: back (history back, else the events). */
    goBack: () => {},
    /** Injected: open the login dialog on the modal stack. */
    openLogin: () => {},
    /** Injected: show the login-or-guest dialog on the modal stack (`loginOrGuest`), while the flow asks. */
    openLoginOrGuest: () => {},
    /** Injected: close the login-or-guest dialog (the flow no longer asks). */
    closeLoginOrGuest: () => {},
    /** Injected: log `context.skippedRules` (second rules for one party role), when there are any. */
    logSkippedRules: () => {},
    assignOffer: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadOffer');
      const offer = event.output;
      const { levels, skipped } = buildLevels({ levels: sortLevels(offer.levels), rules: offer.rules });
      const next = { ...context, levels, survey: offer.survey };
      return {
        levels,
        skippedRules: skipped,
        survey: offer.survey,
        ...selectLevel(next, initialLevel(levels, next)?.id ?? null),
      };
    }),
    noteUnavailable: assign({ formError: () => message('membershipsUnavailable') }),
    noteLoadError: assign({
      formError: ({ event }) =>
        outcomeMessage(membershipOutcome(flowErrorOf(event) ?? toFlowError(null)), 'membership'),
    }),
    clearFormError: assign({ formError: null }),
    chooseLevel: assign(({ context, event }) => {
      assertEvent(event, 'level.select');
      return { ...selectLevel(context, event.levelId), autoRenew: null };
    }),
    setExtend: assign(({ event }) => {
      assertEvent(event, 'extend.change');
      return { extend: event.value };
    }),
    changeMember: assign(({ context, event }) => {
      assertEvent(event, 'member.change');
      const entry = context.members[event.index];
      if (!entry || entry.disabled) return {};
      const members = context.members.map((m, i) =>
        i === event.index ? { ...m, [event.field]: event.value } : m,
      );
      return {
        members,
        fieldErrors: withoutError(context.fieldErrors, `member.${event.index}.${event.field}`),
      };
    }),
    setOptional: assign(({ context, event }) => {
      assertEvent(event, 'optional.set');
      const most = optionalSlotCount(levelOf(context));
      return { optionalCount: Math.min(most, Math.max(0, Math.floor(event.count) || 0)) };
    }),
    setUnnamed: assign(({ context, event }) => {
      assertEvent(event, 'unnamed.set');
      return { unnamedCount: clampUnnamed(levelOf(context), event.count) };
    }),
    answer: assign(({ context, event }) => {
      assertEvent(event, 'survey.change');
      return {
        answers: { ...context.answers, [event.name]: event.value },
        fieldErrors: withoutError(context.fieldErrors, `survey.${event.name}`),
      };
    }),
    setAutoRenew: assign(({ event }) => {
      assertEvent(event, 'autoRenew.set');
      return { autoRenew: event.value };
    }),
    changeRecipient: assign(({ context, event }) => {
      assertEvent(event, 'recipient.change');
      return {
        recipient: { ...context.recipient, [event.field]: event.value },
        fieldErrors: withoutError(context.fieldErrors, `recipient.${event.field}`),
        formError: null,
      };
    }),
    refuseForm: assign(({ context }) => ({
      fieldErrors: formErrors(context),
      formError: Object.keys(formErrors(context)).length === 0 ? submitRefusal(context) : null,
      refusals: context.refusals + 1,
    })),
    startSubmit: assign({ fieldErrors: {}, formError: null }),
    chooseGuest: assign({ asGuest: true }),
    /** The session's member changed: keep them; in a renew context prefill the previous level and members. */
    changeSessionMember: assign(({ context, event }) => {
      assertEvent(event, 'member.changed');
      const next = { ...context, member: event.member };
      const renewNotice = renewNoticeOf(context.mode, event.member, context.settings, context.now);
      if (context.mode !== 'renew' || context.levels.length === 0)
        return { member: event.member, renewNotice };
      const level = initialLevel(context.levels, next) ?? levelOf(context);
      return { member: event.member, renewNotice, ...selectLevel(next, level?.id ?? null), autoRenew: null };
    }),
    changeCartCount: assign(({ event }) => {
      assertEvent(event, 'cart.changed');
      return { cartTicketCount: event.ticketCount };
    }),
    noteSubmitError: assign(({ event, context }) => {
      const outcome = submitErrorOutcome(submitErrorOf(event));
      return {
        formError: outcome.kind === 'show' ? outcome.message : null,
        refusals: context.refusals + 1,
      };
    }),
    noteThrown: assign({
      thrown: ({ event }) => {
        const error = submitErrorOf(event);
        return { code: error.code, description: error.description ?? null };
      },
    }),
  },
}).createMachine({
  id: 'membershipPurchase',
  description:
    'Buy, renew or gift a membership: level, members, survey, auto-renew; reserves into the app cart and goes to checkout.',
  context: membershipPurchaseContext,
  initial: 'loading',
  invoke: { src: 'followCart', id: 'followCart', input: followCartInput },
  on: {
    'member.changed': { actions: 'changeSessionMember' },
    'cart.changed': { actions: 'changeCartCount' },
    back: { actions: 'goBack' },
  },
  states: {
    loading: {
      description: 'The levels, their membership rules and the survey are loading.',
      tags: ['loading'],
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: offerInput,
        onDone: [
          { guard: 'hasNoLevels', target: 'unavailable', actions: 'noteUnavailable' },
          { target: 'editing', actions: ['assignOffer', 'logSkippedRules'] },
        ],
        onError: { target: 'loadError', actions: 'noteLoadError' },
      },
    },
    loadError: {
      description: 'The levels could not be loaded: the error and a retry.',
      on: { retry: { target: 'loading', actions: 'clearFormError' } },
    },
    unavailable: {
      description: "'Memberships are not available at this time.'",
    },
    editing: {
      description: 'The form: submit is disabled without a level.',
      on: {
        'level.select': { guard: 'isKnownLevel', actions: 'chooseLevel' },
        'extend.change': { actions: 'setExtend' },
        'member.change': { actions: 'changeMember' },
        'optional.set': { actions: 'setOptional' },
        'unnamed.set': { actions: 'setUnnamed' },
        'survey.change': { actions: 'answer' },
        'autoRenew.set': { actions: 'setAutoRenew' },
        'recipient.change': { actions: 'changeRecipient' },
        submit: [{ guard: 'hasLevel', target: 'checking' }],
      },
    },
    checking: {
      description: 'Field checks, at least one member, no self gift, the gift needs an empty cart.',
      always: [
        { guard: 'formIsValid', target: 'deciding', actions: 'startSubmit' },
        { target: 'editing', actions: 'refuseForm' },
      ],
    },
    deciding: {
      description:
        'Valid: a visitor who is not logged in is asked to log in or go on as a guest first; a member goes on.',
      always: [{ guard: 'needsLoginOrGuest', target: 'askingLoginOrGuest' }, { target: 'reserving' }],
    },
    askingLoginOrGuest: {
      description:
        'Gift as a visitor: shop as a guest, or log in (the login-or-guest dialog, then the login dialog, on the modal stack).',
      entry: 'openLoginOrGuest',
      exit: 'closeLoginOrGuest',
      on: {
        'gift.asGuest': { target: 'reserving', actions: 'chooseGuest' },
        'gift.login': { actions: 'openLogin' },
        'gift.dismiss': { target: 'editing' },
        'member.changed': [
          { guard: 'isLoggedIn', target: 'editing', actions: 'changeSessionMember' },
          { actions: 'changeSessionMember' },
        ],
      },
    },
    reserving: {
      description:
        'The reserve core puts the membership in the app cart (read when the call is made; a new cart, once, when it is gone).',
      tags: ['submitting'],
      invoke: {
        id: 'reserveIntoCart',
        src: 'reserveIntoCart',
        input: membershipReserveInput,
        onDone: [
          { guard: 'isReserved', target: 'done', actions: ['assignCart', 'reserved'] },
          { guard: 'isRethrown', target: 'failed', actions: 'noteThrown' },
          { target: 'editing', actions: 'noteSubmitError' },
        ],
        onError: { target: 'editing', actions: 'noteSubmitError' },
      },
    },
    failed: {
      type: 'final',
      description: 'code_not_found is rethrown: the screen throws it to the error boundary.',
    },
    done: { description: 'The membership is in the cart: the screen goes to checkout.', type: 'final' },
  },
});

export type MembershipPurchaseMachine = typeof membershipPurchaseMachine;
