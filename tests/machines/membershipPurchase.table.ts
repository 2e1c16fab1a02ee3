/**
 * The membership purchase form's independent transition table (issue 29; membershipPurchase.table.test.ts holds
 * the machine to it), written from spec 3 §2 "Membership purchase form", §4 (renewal window), §5 (names, emails,
 * at least one member, self gift), §8 (membership submit, memberships unavailable), spec 1 §3 ("Rule"), §4
 * ("Membership form"), §5 (a rule max below 0 means 10 unnamed), §8 (duplicate party roles logged and skipped),
 * not read from the machine:
 * loading the offer -> 'Memberships are not available at this time.' without levels, else the form: the levels by
 * rank then price, each level's slots from its rules (named yes: min required and max - min optional; optional:
 * max optional; otherwise the unnamed stepper), one level selected automatically, the previous level and members
 * prefilled in a renew context (read-only when updates are prevented), also after login; changing the level
 * clears auto-renew; submit (only with a level) checks the fields, at least one member, no self gift, the gift's
 * empty cart and the renewal window (unless extending); a visitor gifting is asked to log in or go on as a guest;
 * the reserve puts the level in the cart (code_not_found rethrown, rule_blocks_reserve in checkout_rules and
 * validate_not_email not shown, the rest shown).
 *
 * Where the spec is silent the table follows the machine's documented reading, and says so: the order of the
 * refusals, the names and email limits (50 and 254, spec 3 §9) trimmed, an unknown party role read as 'member',
 * an optional slot counted as chosen when its first name is prefilled, the counts floored and clamped.
 */

import type { AnyStateMachine } from 'xstate';
import { isEmail } from '../../domain/email';
import { outcomeMessage } from '../../domain/error-messages/base';
import { membershipOutcome } from '../../domain/error-messages/membership';
import { surveyData } from '../../domain/survey-rule';
import type {
  EmailRequired,
  MemberEntry,
  MemberRole,
  MemberSlot,
  MembershipLevel,
  MembershipOffer,
  MembershipPurchaseContext,
  MembershipPurchaseEvent,
  MembershipRuleInput,
  PurchaseMember,
} from '../../machines/membership/types';
import { refusedOutput, reservedOutput } from '../../machines/reserve/core/rules';
import { surveyMessages } from '../../machines/reserve/core/surveys';
import { toFlowError } from '../../machines/shared/flow-error';
import type { Message } from '../../machines/shared/messages';
import {
  ADA,
  ADA_LATER,
  cart,
  MEMBER_EMAIL,
  NO_LEVELS,
  NOW,
  OFFER,
  ONE_LEVEL,
  SETTINGS,
} from '../../stories/fixtures/membershipPurchase';
import {
  type Call,
  type EventSample,
  expectTable,
  type Row,
  type Table,
  type World,
} from './transition-table';

type C = MembershipPurchaseContext;
type E = MembershipPurchaseEvent;
type S =
  | 'loading'
  | 'loadError'
  | 'unavailable'
  | 'editing'
  | 'checking'
  | 'deciding'
  | 'askingLoginOrGuest'
  | 'reserving'
  | 'failed'
  | 'done';

const DAY = 86_400_000;
const msg = (key: string, params?: Record<string, unknown>) =>
  (params ? { key, params } : { key }) as Message;

// ---- the oracle: the levels and their slots (spec 1 §3, §5, §8; spec 3 §2) ------------------------------------

const ROLES: readonly string[] = [
  'member',
  'second-card',
  'third-card',
  'youth',
  'child',
  'caregiver',
  'guest',
  'additional-member',
];
/** A count as a rule gives it: whole, not below 0 (the code's reading of odd numbers). */
const whole = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** The offer's levels, by rank then price, with the slots their rules make, and the rules skipped. */
export function levelsOf(offer: Pick<MembershipOffer, 'levels' | 'rules'>): {
  levels: MembershipLevel[];
  skipped: MembershipRuleInput[];
} {
  const skipped: MembershipRuleInput[] = [];
  const sorted = [...offer.levels].sort((a, b) =>
    a.rank !== b.rank ? a.rank - b.rank : a.priceCents - b.priceCents,
  );
  const levels = sorted.map((level) => {
    const roles: string[] = [];
    const required: MemberSlot[] = [];
    const optional: MemberSlot[] = [];
    let unnamed = null as { min: number; max: number } | null;
    for (const rule of offer.rules.filter((r) => r.ticketTypeId === level.id)) {
      if (roles.includes(rule.partyRole)) {
        skipped.push(rule);
        continue;
      }
      roles.push(rule.partyRole);
      const role = (ROLES.includes(rule.partyRole) ? rule.partyRole : 'member') as MemberRole;
      const slot = (isOptional: boolean): MemberSlot => ({
        role,
        optional: isOptional,
        email: rule.emailRequired,
      });
      const min = whole(rule.min);
      if (rule.named === 'yes') {
        const max = Math.max(min, whole(rule.max));
        for (let i = 0; i < max; i++) (i < min ? required : optional).push(slot(i >= min));
      } else if (rule.named === 'optional') {
        for (let i = 0; i < Math.max(min, whole(rule.max)); i++) optional.push(slot(true));
      } else {
        const max = rule.max < 0 ? Math.max(min, 10) : Math.max(min, whole(rule.max));
        unnamed = { min: (unnamed?.min ?? 0) + min, max: (unnamed?.max ?? 0) + max };
      }
    }
    return { ...level, slots: [...required, ...optional], unnamed };
  });
  return { levels, skipped };
}

const levelIn = (c: Pick<C, 'levels' | 'levelId'>) => c.levels.find((l) => l.id === c.levelId) ?? null;
const optionalSlots = (level: MembershipLevel | null) =>
  (level?.slots ?? []).filter((s) => s.optional).length;

/** The slots the form shows: the required ones and the first `optionalCount` optional ones. */
function shown(level: MembershipLevel | null, optionalCount: number): number[] {
  const out: number[] = [];
  let optional = 0;
  for (const [i, slot] of (level?.slots ?? []).entries()) {
    if (!slot.optional) out.push(i);
    else if (optional < optionalCount) {
      optional++;
      out.push(i);
    }
  }
  return out;
}

// ---- the oracle: renewing (spec 3 §2, §4) -------------------------------------------------------------------

/** The membership a renewal extends: the one ending last (the first of equals). */
function lastMembership(member: PurchaseMember | null) {
  let last: PurchaseMember['memberships'][number] | null = null;
  for (const m of member?.memberships ?? [])
    if (last === null || Date.parse(m.validTo) > Date.parse(last.validTo)) last = m;
  return last;
}

/** The venue's calendar day of an instant (YYYY-MM-DD). */
const dayIn = (epochMs: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    epochMs,
  );

/** Spec 3 §4: renewing opens at expiry minus the allowed period; before that, the renew form's notice. */
export function noticeOf(
  c: Pick<C, 'mode' | 'settings' | 'now'>,
  member: PurchaseMember | null,
): Message | null {
  const last = c.mode === 'renew' ? lastMembership(member) : null;
  if (!last) return null;
  const opens = Date.parse(last.validTo) - whole(c.settings.renewalPeriodDays) * DAY;
  if (!Number.isFinite(opens) || c.now >= opens) return null;
  return msg('renewNotYet', { date: { day: dayIn(opens, c.settings.timezone) } });
}

/** The level selected when the form opens (or the member changes): the only one, or (renew) the previous one. */
function firstLevel(levels: MembershipLevel[], mode: C['mode'], member: PurchaseMember | null) {
  if (levels.length === 1) return levels[0] ?? null;
  const last = mode === 'renew' ? lastMembership(member) : null;
  if (!last) return null;
  const name = last.levelName.trim().toLowerCase();
  const byName = levels.find((l) => l.name.trim().toLowerCase() === name);
  if (byName) return byName;
  const inGroup = levels.filter((l) => l.groupId === last.ticketGroupId);
  return inGroup.length === 1 ? (inGroup[0] ?? null) : null;
}

/** What selecting a level sets: its entries (prefilled in a renew context), optional and unnamed counts. */
function selecting(
  level: MembershipLevel | null,
  c: Pick<C, 'mode' | 'settings'>,
  member: PurchaseMember | null,
): Partial<C> {
  const blank = (): MemberEntry => ({ first: '', last: '', email: '', disabled: false });
  let members = (level?.slots ?? []).map(blank);
  if (c.mode === 'renew' && member) {
    const previous = lastMembership(member)?.members ?? [];
    const people = previous.length
      ? previous
      : [{ first: member.firstName ?? '', last: member.lastName ?? '', email: member.email }];
    members = members.map((entry, i) => {
      const p = people[i];
      if (!p) return entry;
      const named = p.first.trim() !== '' || p.last.trim() !== '';
      return {
        first: p.first,
        last: p.last,
        email: p.email ?? '',
        disabled: named && c.settings.preventUpdates,
      };
    });
  }
  const chosen = (level?.slots ?? []).filter((s, i) => s.optional && (members[i]?.first.trim() ?? '') !== '');
  return {
    levelId: level?.id ?? null,
    members,
    optionalCount: chosen.length,
    unnamedCount: level?.unnamed?.min ?? 0,
    fieldErrors: {},
  };
}

/** The session's member changed: kept; in a renew context with levels, the previous level prefilled again. */
function memberChanged(c: C, member: PurchaseMember | null): Partial<C> {
  const changed = { member, renewNotice: noticeOf(c, member) };
  if (c.mode !== 'renew' || c.levels.length === 0) return changed;
  const level = firstLevel(c.levels, c.mode, member) ?? levelIn(c);
  return { ...changed, ...selecting(level, c, member), autoRenew: null };
}

// ---- the oracle: checking the form (spec 3 §5, §9) -----------------------------------------------------------

function names(errors: Record<string, Message>, prefix: string, entry: { first: string; last: string }) {
  for (const [field, key] of [
    ['first', 'firstName'],
    ['last', 'lastName'],
  ] as const) {
    const value = entry[field].trim();
    if (value === '') errors[`${prefix}.${field}`] = msg(`${key}Required`);
    else if (value.length > 50) errors[`${prefix}.${field}`] = msg(`${key}TooLong`, { max: 50 });
  }
}
function email(errors: Record<string, Message>, key: string, value: string, required: boolean) {
  const v = value.trim();
  if (v === '') {
    if (required) errors[key] = msg('emailRequired');
  } else if (v.length > 254) errors[key] = msg('emailTooLong', { max: 254 });
  else if (!isEmail(v)) errors[key] = msg('emailInvalid');
}

export function fieldErrorsOf(c: C): Record<string, Message> {
  const errors: Record<string, Message> = {};
  const level = levelIn(c);
  for (const i of shown(level, c.optionalCount)) {
    const entry = c.members[i];
    if (!entry) continue;
    names(errors, `member.${i}`, entry);
    const asked: EmailRequired = level?.slots[i]?.email ?? 'other';
    if (asked !== 'other') email(errors, `member.${i}.email`, entry.email, asked === 'yes');
  }
  if (c.mode === 'gift') {
    names(errors, 'recipient', c.recipient);
    email(errors, 'recipient.email', c.recipient.email, true);
  }
  for (const [name, problem] of Object.entries(surveyMessages(c.survey, c.answers)))
    if (problem) errors[`survey.${name}`] = problem;
  return errors;
}

const extending = (c: C) => c.mode !== 'gift' && c.settings.extendEnabled && c.extend;

/** The refusal of a form without field errors, or null. */
export function refusalOf(c: C): Message | null {
  if (shown(levelIn(c), c.optionalCount).length + c.unnamedCount === 0) return msg('membersRequired');
  const own = (c.member?.email ?? '').trim().toLowerCase();
  if (c.mode === 'gift' && own !== '' && c.recipient.email.trim().toLowerCase() === own)
    return msg('giftSelf');
  if (c.mode === 'gift' && c.cartTicketCount > 0) return msg('giftCartNotEmpty');
  return extending(c) ? null : c.renewNotice;
}
const valid = (c: C) => Object.keys(fieldErrorsOf(c)).length === 0 && refusalOf(c) === null;

/** The reserve's body: the shown members trimmed (emails where asked), and the form's choices. */
export function bodyOf(c: C) {
  const level = levelIn(c) as MembershipLevel;
  const answers = surveyData(c.survey, c.answers);
  return {
    levelId: level.id,
    members: shown(level, c.optionalCount).map((i) => {
      const entry = c.members[i] ?? { first: '', last: '', email: '' };
      const slot = level.slots[i] as MemberSlot;
      const address = entry.email.trim();
      return {
        partyRole: slot.role,
        firstName: entry.first.trim(),
        lastName: entry.last.trim(),
        ...(slot.email !== 'other' && address !== '' ? { email: address } : {}),
      };
    }),
    ...(c.unnamedCount > 0 ? { unnamedCount: c.unnamedCount } : {}),
    ...(c.mode !== 'gift' && c.settings.askToAutorenew && c.autoRenew !== null
      ? { autoRenew: c.autoRenew }
      : {}),
    ...(c.mode === 'renew' ? { renew: true } : {}),
    ...(extending(c) ? { extend: true } : {}),
    ...(c.mode === 'gift' ? { gift: true } : {}),
    ...(Object.keys(answers).length > 0 ? { survey: [{ ticketGroupId: level.groupId, data: answers }] } : {}),
  };
}
const reserveCall = (c: C): Call => ({
  invoke: 'reserveIntoCart',
  input: { request: { kind: 'membership', membership: bodyOf(c) } },
});

// ---- the oracle: errors (spec 3 §8) ---------------------------------------------------------------------------

/** The refused reserve's error (the child's own failure: unexpected). */
function reserveError(e: E) {
  const o = (e as { output?: { refusal?: { error: unknown } } }).output;
  const error = o ? o.refusal?.error : (e as { error: unknown }).error;
  return toFlowError(typeof (error as { code?: unknown })?.code === 'string' ? error : null);
}
/** The membership submit's display: code_not_found is rethrown (nothing shown), two codes ignored. */
function submitMessage(e: E): Message | null {
  const error = reserveError(e);
  if (error.code === 'code_not_found') return null;
  const outcome = membershipOutcome(error);
  return outcome.kind === 'ignore' ? null : outcome.message;
}

// ---- the table ------------------------------------------------------------------------------------------------

const without = (errors: Record<string, Message>, key: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));
const CLOSE: Call = { action: 'closeLoginOrGuest' };
const submitFailed: Row<C, E> = {
  label: 'refused: its message (or none), the form again',
  target: 'editing',
  effect: (c, e) => ({ formError: submitMessage(e), refusals: c.refusals + 1 }),
};

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: { entry: { calls: (c) => [{ invoke: 'loadOffer', input: { eventId: c.event.id } }] } },
    loadError: {},
    unavailable: {},
    editing: {},
    checking: {
      always: [
        { when: valid, target: 'deciding', effect: () => ({ fieldErrors: {}, formError: null }) },
        {
          target: 'editing',
          effect: (c) => {
            const fieldErrors = fieldErrorsOf(c);
            const none = Object.keys(fieldErrors).length === 0;
            return { fieldErrors, formError: none ? refusalOf(c) : null, refusals: c.refusals + 1 };
          },
        },
      ],
    },
    deciding: {
      always: [
        {
          label: 'a visitor gifting, not yet a guest: asked first',
          when: (c) => c.mode === 'gift' && c.member === null && !c.asGuest,
          target: 'askingLoginOrGuest',
        },
        { target: 'reserving' },
      ],
    },
    askingLoginOrGuest: { entry: { calls: () => [{ action: 'openLoginOrGuest' }] } },
    reserving: { entry: { calls: (c) => [reserveCall(c)] } },
    failed: { final: true },
    done: { final: true },
  },
  on: {
    'xstate.done.actor.loadOffer': {
      loading: [
        {
          label: 'no level: memberships unavailable',
          when: (_c, e) => e.output.levels.length === 0,
          target: 'unavailable',
          effect: () => ({ formError: msg('membershipsUnavailable') }),
        },
        {
          label: 'the form, one level (or the renewed one) selected',
          target: 'editing',
          effect: (c, e) => {
            const { levels, skipped } = levelsOf(e.output);
            const level = firstLevel(levels, c.mode, c.member);
            return {
              levels,
              skippedRules: skipped,
              survey: e.output.survey,
              ...selecting(level, c, c.member),
            };
          },
          calls: () => [{ action: 'logSkippedRules' }],
        },
      ],
    },
    'xstate.error.actor.loadOffer': {
      loading: [
        {
          target: 'loadError',
          effect: (_c, e) => ({
            formError: outcomeMessage(membershipOutcome(toFlowError(e.error)), 'membership'),
          }),
        },
      ],
    },
    retry: { loadError: [{ target: 'loading', effect: () => ({ formError: null }) }] },
    'level.select': {
      editing: [
        {
          when: (c, e) => c.levels.some((l) => l.id === e.levelId),
          target: null,
          effect: (c, e) => ({
            ...selecting(c.levels.find((l) => l.id === e.levelId) ?? null, c, c.member),
            autoRenew: null,
          }),
        },
      ],
    },
    'extend.change': { editing: [{ target: null, effect: (_c, e) => ({ extend: e.value }) }] },
    'member.change': {
      editing: [
        {
          label: 'a slot that is there and not read-only',
          when: (c, e) => c.members[e.index] !== undefined && !c.members[e.index]?.disabled,
          target: null,
          effect: (c, e) => ({
            members: c.members.map((m, i) => (i === e.index ? { ...m, [e.field]: e.value } : m)),
            fieldErrors: without(c.fieldErrors, `member.${e.index}.${e.field}`),
          }),
        },
      ],
    },
    'optional.set': {
      editing: [
        {
          target: null,
          // A whole number from 0 to the level's optional slots (not a number: 0).
          effect: (c, e) => {
            const n = Math.floor(e.count);
            return {
              optionalCount: Number.isNaN(n) ? 0 : Math.min(optionalSlots(levelIn(c)), Math.max(0, n)),
            };
          },
        },
      ],
    },
    'unnamed.set': {
      editing: [
        {
          target: null,
          effect: (c, e) => {
            const bounds = levelIn(c)?.unnamed;
            return {
              unnamedCount: bounds ? Math.min(bounds.max, Math.max(bounds.min, whole(e.count))) : 0,
            };
          },
        },
      ],
    },
    'survey.change': {
      editing: [
        {
          target: null,
          effect: (c, e) => ({
            answers: { ...c.answers, [e.name]: e.value },
            fieldErrors: without(c.fieldErrors, `survey.${e.name}`),
          }),
        },
      ],
    },
    'autoRenew.set': { editing: [{ target: null, effect: (_c, e) => ({ autoRenew: e.value }) }] },
    'recipient.change': {
      editing: [
        {
          target: null,
          effect: (c, e) => ({
            recipient: { ...c.recipient, [e.field]: e.value },
            fieldErrors: without(c.fieldErrors, `recipient.${e.field}`),
            formError: null,
          }),
        },
      ],
    },
    submit: { editing: [{ label: 'with a level', when: (c) => levelIn(c) !== null, target: 'checking' }] },
    back: { '*': [{ target: null, calls: () => [{ action: 'goBack' }] }] },
    'member.changed': {
      '*': [{ target: null, effect: (c, e) => memberChanged(c, e.member) }],
      askingLoginOrGuest: [
        {
          label: 'logged in: the form again',
          when: (_c, e) => e.member !== null,
          target: 'editing',
          effect: (c, e) => memberChanged(c, e.member),
          calls: () => [CLOSE],
        },
        { target: null, effect: (c, e) => memberChanged(c, e.member) },
      ],
    },
    'cart.changed': { '*': [{ target: null, effect: (_c, e) => ({ cartTicketCount: e.ticketCount }) }] },
    'gift.asGuest': {
      askingLoginOrGuest: [{ target: 'reserving', effect: () => ({ asGuest: true }), calls: () => [CLOSE] }],
    },
    'gift.login': { askingLoginOrGuest: [{ target: null, calls: () => [{ action: 'openLogin' }] }] },
    'gift.dismiss': { askingLoginOrGuest: [{ target: 'editing', calls: () => [CLOSE] }] },
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        {
          label: 'reserved: the cart, and on to checkout',
          when: (_c, e) => e.output.status === 'reserved',
          target: 'done',
          effect: (_c, e) => ({ cart: e.output.status === 'reserved' ? e.output.cart : null }),
          calls: () => [{ action: 'reserved' }],
        },
        {
          label: 'code_not_found: rethrown',
          when: (_c, e) => reserveError(e).code === 'code_not_found',
          target: 'failed',
          effect: (_c, e) => {
            const error = reserveError(e);
            return { thrown: { code: error.code, description: error.description ?? null } };
          },
        },
        submitFailed,
      ],
    },
    'xstate.error.actor.reserveIntoCart': { reserving: [submitFailed] },
  },
};

// ---- worlds ------------------------------------------------------------------------------------------------

const built = levelsOf(OFFER).levels;
const filled = (first: string, last: string, email = '', disabled = false): MemberEntry => ({
  first,
  last,
  email,
  disabled,
});
const LONG = 'L'.repeat(50);
/** 254 characters exactly: the longest address allowed. */
const LONGEST_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
const OLD_ERROR = msg('errorUnexpected');

const base: C = {
  event: { id: 'ev-membership', name: 'Membership' },
  mode: 'buy',
  settings: SETTINGS,
  member: null,
  cartTicketCount: 0,
  cartActor: null,
  now: NOW,
  levels: built,
  skippedRules: [],
  survey: OFFER.survey,
  levelId: null,
  extend: false,
  members: [],
  optionalCount: 0,
  unnamedCount: 0,
  answers: { heard: 'Press' },
  autoRenew: null,
  recipient: { first: '', last: '', email: '' },
  asGuest: false,
  fieldErrors: {},
  formError: null,
  renewNotice: null,
  thrown: null,
  refusals: 0,
  cart: null,
};
const individual = (over: Partial<C> = {}): C => ({
  ...base,
  levelId: 't-individual',
  members: [filled(' Grace ', 'Hopper ', ' grace@example.com ')],
  ...over,
});
const recipient = { first: 'Alan', last: 'Turing', email: 'alan@example.com' };
const later = {
  mode: 'renew' as const,
  member: ADA_LATER,
  renewNotice: noticeOf({ ...base, mode: 'renew' }, ADA_LATER),
};

export const worlds: World<C>[] = [
  { name: 'nothing loaded', context: { ...base, levels: [], survey: [], answers: {} } },
  { name: 'buy: no level chosen, an old error', context: { ...base, formError: OLD_ERROR, refusals: 2 } },
  {
    name: 'buy: Individual, valid, auto-renew yes',
    context: individual({ autoRenew: true, fieldErrors: { 'member.0.first': msg('firstNameRequired') } }),
  },
  {
    name: 'buy: Individual, names blank, survey unanswered, no auto-renew question',
    context: individual({
      members: [filled('  ', '', 'not-an-email')],
      answers: {},
      settings: { ...SETTINGS, askToAutorenew: false },
      autoRenew: false,
    }),
  },
  {
    name: 'buy: Individual, names 50 and 51 long, a 255-character email',
    context: individual({
      members: [filled(LONG, `${LONG}x`, `x${LONGEST_EMAIL}`)],
      answers: { heard: 'Nope' },
    }),
  },
  {
    name: 'buy: Individual, a 50-character name, the longest email',
    context: individual({ members: [filled(` ${LONG} `, 'Hopper', LONGEST_EMAIL)] }),
  },
  {
    name: 'buy: Dual, its optional second card chosen, an email where it is optional',
    context: {
      ...base,
      levelId: 't-dual',
      optionalCount: 1,
      members: [filled('Ada', 'Lovelace', 'ada@example.com'), filled('Byron', 'Lovelace', ' ')],
      autoRenew: false,
      extend: true,
    },
  },
  {
    name: 'buy: Dual, the second card not chosen (its fields unchecked), a bad optional email',
    context: {
      ...base,
      levelId: 't-dual',
      members: [filled('Ada', 'Lovelace', 'ada@example.com'), filled('', '', 'bad')],
      settings: { ...SETTINGS, extendEnabled: false },
      extend: true,
    },
  },
  {
    name: 'buy: Dual, the optional email malformed',
    context: {
      ...base,
      levelId: 't-dual',
      optionalCount: 1,
      members: [filled('Ada', 'Lovelace', 'ada@example.com'), filled('Byron', 'L', 'byron@local')],
    },
  },
  {
    name: 'buy: Family, two children, one unnamed, emails hidden',
    context: {
      ...base,
      levelId: 't-family',
      optionalCount: 2,
      unnamedCount: 1,
      members: [
        filled('Ada', 'L', 'ada@example.com'),
        filled('Kid', 'L', 'junk'),
        filled('', 'L'),
        filled('', ''),
      ],
    },
  },
  {
    name: 'buy: Supporter, no member at all',
    context: { ...base, levelId: 't-supporter', unnamedCount: 0 },
  },
  {
    name: 'buy: Supporter, one unnamed member',
    context: { ...base, levelId: 't-supporter', unnamedCount: 1, autoRenew: true },
  },
  {
    name: 'buy: a level id that is not offered',
    context: { ...base, levelId: 't-gone', members: [filled('A', 'B', 'a@example.com')] },
  },
  {
    name: 'renew: Ada, Dual prefilled read-only, renewal open',
    context: {
      ...base,
      mode: 'renew',
      member: ADA,
      settings: { ...SETTINGS, preventUpdates: true },
      levelId: 't-dual',
      optionalCount: 1,
      members: [filled('Ada', 'Lovelace', MEMBER_EMAIL, true), filled('Byron', 'Lovelace', '', true)],
    },
  },
  {
    name: 'renew: not open yet',
    context: individual({ ...later, autoRenew: true }),
  },
  {
    name: 'renew: not open yet, extending',
    context: individual({ ...later, extend: true }),
  },
  {
    name: 'renew: not open yet, extend checked but not enabled',
    context: individual({ ...later, extend: true, settings: { ...SETTINGS, extendEnabled: false } }),
  },
  {
    name: 'renew: logged out, nothing chosen',
    context: { ...base, mode: 'renew', formError: OLD_ERROR },
  },
  {
    name: 'gift: a visitor, valid',
    context: individual({ mode: 'gift', recipient, autoRenew: true, extend: true }),
  },
  {
    name: 'gift: a visitor who chose to be a guest',
    context: individual({ mode: 'gift', recipient, asGuest: true }),
  },
  {
    name: 'gift: Ada to herself (other case, spaces)',
    context: individual({
      mode: 'gift',
      member: ADA,
      recipient: { ...recipient, email: ` ${MEMBER_EMAIL.toUpperCase()} ` },
    }),
  },
  {
    name: 'gift: Ada to Alan, tickets in the cart',
    context: individual({ mode: 'gift', member: ADA, recipient, cartTicketCount: 1 }),
  },
  {
    name: 'gift: a member without an email, to a blank recipient',
    context: individual({
      mode: 'gift',
      member: { ...ADA, email: null },
      recipient: { first: ' ', last: `${LONG}!`, email: '' },
      fieldErrors: { 'recipient.first': msg('firstNameRequired') },
    }),
  },
  {
    name: 'gift: recipient email malformed, a blank member email',
    context: individual({
      mode: 'gift',
      member: { ...ADA, email: '  ' },
      recipient: { ...recipient, email: '  ' },
    }),
  },
];

// ---- event samples -------------------------------------------------------------------------------------------

const rule = (
  ticketTypeId: string,
  partyRole: string,
  named: string,
  min: number,
  max: number,
  emailRequired: EmailRequired = 'yes',
): MembershipRuleInput => ({
  ticketGroupId: 'g-membership',
  ticketTypeId,
  partyRole,
  named,
  min,
  max,
  emailRequired,
});
const lvl = (id: string, name: string, priceCents: number, rank: number, groupId = 'g-membership') => ({
  id,
  groupId,
  name,
  description: null,
  priceCents,
  originalPriceCents: null,
  rank,
});
/** Rules at their edges: a max below 0 (unnamed: 10; named: min), fractions, a role not in the list, equal ranks. */
const EDGES: MembershipOffer = {
  levels: [
    lvl('t-b', 'Basic', 5000, 2),
    lvl('t-a', 'Any', 4000, 2),
    lvl('t-c', ' DUAL ', 7000, 1, 'g-other'),
  ],
  rules: [
    rule('t-a', 'guest', 'no', 1.5, -1),
    rule('t-a', 'caregiver', 'other', 2, 1),
    rule('t-b', 'sponsor', 'yes', 1, -3, 'other'),
    rule('t-b', 'youth', 'yes', 0.5, 2.9, 'no'),
    rule('t-b', 'child', 'optional', 1, 2),
    rule('t-c', 'member', 'optional', -2, 1),
    rule('t-c', 'member', 'optional', 0, 1),
  ],
  survey: [],
};
/** Renewing Ada's Dual where no level has its name: the one level of its group. */
const BY_GROUP: MembershipOffer = {
  levels: [lvl('t-one', 'Only', 9000, 1), lvl('t-else', 'Else', 100, 1, 'g-else')],
  rules: [rule('t-one', 'member', 'yes', 1, 2), rule('t-else', 'member', 'yes', 1, 1)],
  survey: [],
};
/** Two levels in Ada's group, neither named Dual: none selected. */
const TWO_IN_GROUP: MembershipOffer = {
  levels: [lvl('t-one', 'Only', 9000, 1), lvl('t-two', 'Two', 100, 1)],
  rules: [rule('t-one', 'member', 'yes', 1, 1)],
  survey: [],
};
const NEWCOMER: PurchaseMember = {
  identityId: 'i-new',
  firstName: 'Nell',
  lastName: null,
  email: 'nell@example.com',
  memberships: [],
};
/** Two memberships, the later one last in the list and without its members; an unreadable end ignored. */
const RETURNING: PurchaseMember = {
  identityId: 'i-ret',
  firstName: 'Rita',
  lastName: 'Levi',
  email: null,
  memberships: [
    { levelName: 'Family', ticketGroupId: 'g-membership', validTo: 'soon' },
    {
      levelName: 'individual ',
      ticketGroupId: 'g-membership',
      validTo: new Date(NOW + 5 * DAY).toISOString(),
    },
    {
      levelName: 'Family',
      ticketGroupId: 'g-membership',
      validTo: new Date(NOW + 40 * DAY).toISOString(),
      members: [],
    },
  ],
};
/** Ada's membership ends in exactly the allowed period: renewing opens now. */
const ADA_EDGE: PurchaseMember = {
  ...ADA,
  memberships: [
    {
      levelName: 'Dual',
      ticketGroupId: 'g-membership',
      validTo: new Date(NOW + 30 * DAY).toISOString(),
      members: [
        { first: ' ', last: '', email: 'x@example.com' },
        { first: '', last: 'Solo', email: null },
      ],
    },
  ],
};
const ADA_EDGE_LATER: PurchaseMember = {
  ...ADA,
  memberships: [
    { levelName: 'Dual', ticketGroupId: 'g-membership', validTo: new Date(NOW + 30 * DAY + 1).toISOString() },
  ],
};

const refused = (error: unknown): E =>
  ({ type: 'xstate.done.actor.reserveIntoCart', output: refusedOutput(error) }) as E;

/** The actor events without their actorId (the machine reads only type, output and error). */
export const events = [
  ...(
    [
      ['the four levels', OFFER],
      ['one level', ONE_LEVEL],
      ['no level', NO_LEVELS],
      ['rules at their edges', EDGES],
      ['a level by its group', BY_GROUP],
      ['two levels in the group', TWO_IN_GROUP],
    ] as const
  ).map(([name, output]) => ({
    name: `offer: ${name}`,
    event: { type: 'xstate.done.actor.loadOffer', output } as E,
  })),
  {
    name: 'offer failed (502)',
    event: { type: 'xstate.error.actor.loadOffer', error: { code: 'unexpected', status: 502 } },
  },
  {
    name: 'offer failed, described',
    event: {
      type: 'xstate.error.actor.loadOffer',
      error: { code: 'member_limit_exceeded', description: 'No more.' },
    },
  },
  {
    name: 'offer failed, no code',
    event: { type: 'xstate.error.actor.loadOffer', error: new Error('offline') },
  },
  { name: 'retry', event: { type: 'retry' } },
  { name: 'choose Family', event: { type: 'level.select', levelId: 't-family' } },
  { name: 'choose Dual', event: { type: 'level.select', levelId: 't-dual' } },
  { name: 'choose Individual', event: { type: 'level.select', levelId: 't-individual' } },
  { name: 'choose a level not offered', event: { type: 'level.select', levelId: 't-gone' } },
  { name: 'extend', event: { type: 'extend.change', value: true } },
  { name: 'do not extend', event: { type: 'extend.change', value: false } },
  { name: 'member 0 first', event: { type: 'member.change', index: 0, field: 'first', value: 'Grace' } },
  {
    name: 'member 1 email',
    event: { type: 'member.change', index: 1, field: 'email', value: 'b@example.com' },
  },
  { name: 'member 3 last', event: { type: 'member.change', index: 3, field: 'last', value: 'Child' } },
  { name: 'member 9 (none)', event: { type: 'member.change', index: 9, field: 'first', value: 'X' } },
  ...[1, 2.7, -1, 99, Number.NaN, Number.POSITIVE_INFINITY].map((count) => ({
    name: `optional ${count}`,
    event: { type: 'optional.set', count } as E,
  })),
  ...[3, -5, 1.5, 100, Number.NaN].map((count) => ({
    name: `unnamed ${count}`,
    event: { type: 'unnamed.set', count } as E,
  })),
  { name: 'answer heard', event: { type: 'survey.change', name: 'heard', value: 'Friends' } },
  { name: 'answer another', event: { type: 'survey.change', name: 'other', value: '' } },
  { name: 'auto-renew no', event: { type: 'autoRenew.set', value: false } },
  { name: 'auto-renew yes', event: { type: 'autoRenew.set', value: true } },
  { name: 'recipient first', event: { type: 'recipient.change', field: 'first', value: 'Alan' } },
  { name: 'recipient email', event: { type: 'recipient.change', field: 'email', value: MEMBER_EMAIL } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'back', event: { type: 'back' } },
  ...(
    [
      ['Ada', ADA],
      ['Ada, renewing later', ADA_LATER],
      ['Ada, renewing opens now', ADA_EDGE],
      ['Ada, renewing opens in 1 ms', ADA_EDGE_LATER],
      ['a newcomer', NEWCOMER],
      ['a returning member', RETURNING],
      ['nobody (logged out)', null],
    ] as const
  ).map(([name, member]) => ({ name: `member: ${name}`, event: { type: 'member.changed', member } as E })),
  { name: 'cart emptied', event: { type: 'cart.changed', ticketCount: 0 } },
  { name: 'cart: 3 tickets', event: { type: 'cart.changed', ticketCount: 3 } },
  { name: 'as a guest', event: { type: 'gift.asGuest' } },
  { name: 'log in', event: { type: 'gift.login' } },
  { name: 'close the dialog', event: { type: 'gift.dismiss' } },
  { name: 'reserved', event: { type: 'xstate.done.actor.reserveIntoCart', output: reservedOutput(cart()) } },
  {
    name: 'refused: code_not_found',
    event: refused({ code: 'code_not_found', status: 404, description: 'No code.' }),
  },
  { name: 'refused: code_not_found, undescribed', event: refused({ code: 'code_not_found', status: 404 }) },
  {
    name: 'refused: checkout rule',
    event: refused({ code: 'rule_blocks_reserve', context: 'checkout_rules', status: 400 }),
  },
  {
    name: 'refused: another rule',
    event: refused({ code: 'rule_blocks_reserve', context: 'membership_rules', description: 'Blocked.' }),
  },
  { name: 'refused: not an email', event: refused({ code: 'validate_not_email', status: 400 }) },
  {
    name: 'refused: member limit',
    event: refused({ code: 'member_limit_exceeded', description: 'You have reached your limit.' }),
  },
  {
    name: 'refused: renewal not open',
    event: refused({ code: 'renewal_not_open', extra: { renewal_opens_on: '2026-07-01' } }),
  },
  { name: 'refused: cart gone', event: refused({ code: 'not_found', status: 404 }) },
  {
    name: 'reserve core failed',
    event: { type: 'xstate.error.actor.reserveIntoCart', error: new Error('failed') },
  },
] as EventSample<E>[];

/**
 * The machine (or a hand-made mutant of it) held to the table over every world and event. The dialog is asked
 * only of a valid form (with a level): shopping as a guest without a level is a state the machine never reaches
 * (its reserve throws 'membership reserve without a level'), so it is not sent there. Returns the steps compared.
 */
export function expectMembershipTable(machine: AnyStateMachine): number {
  const leveled = (c: C) => c.levels.some((l) => l.id === c.levelId);
  return (
    expectTable({ machine, table, worlds: worlds.filter((w) => leveled(w.context)), events }) +
    expectTable({
      machine,
      table,
      worlds: worlds.filter((w) => !leveled(w.context)),
      events: events.filter((e) => e.event.type !== 'gift.asGuest'),
    })
  );
}
