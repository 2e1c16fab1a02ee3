/** The membership purchase view model: one selector from a snapshot to the props its form needs. */
import type { SnapshotFrom } from 'xstate';
import type { SurveyQuestionView } from '../reserve/core/surveys';
import type { Message } from '../shared/messages';
import type { membershipPurchaseMachine } from './membershipPurchase.machine';
import { activeSlotIndexes, EMAIL_MAX, levelOf, NAME_MAX, optionalSlotCount } from './rules';
import type { MemberRole, MembershipMode } from './types';

export type MembershipPurchaseSnapshot = SnapshotFrom<typeof membershipPurchaseMachine>;

export interface MembershipLevelView {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  originalPriceCents: number | null;
  selected: boolean;
}

export interface MemberFieldsView {
  /** The slot's index (the `member.change` event's index). */
  index: number;
  role: MemberRole;
  /** 1-based number among the shown slots of the same role (2 and up are shown after the label). */
  ordinal: number;
  optional: boolean;
  first: string;
  last: string;
  email: string;
  disabled: boolean;
  /** required: email required; optional: shown, not required; hidden: not asked. */
  emailMode: 'required' | 'optional' | 'hidden';
  errors: { first?: Message; last?: Message; email?: Message };
}

/** One survey question as the form shows it: the reserve forms' question view (core/surveys.ts). */
export type SurveyFieldView = Omit<SurveyQuestionView, 'invalid'>;

export interface MembershipFormView {
  status: 'loading' | 'loadError' | 'unavailable' | 'ready' | 'submitting' | 'done' | 'failed';
  mode: MembershipMode;
  levels: MembershipLevelView[];
  extend: { shown: boolean; checked: boolean };
  members: MemberFieldsView[];
  /** Optional member slots: a yes/no radio for one, a select 0..count for more, none without any. */
  optional: { kind: 'none' | 'radio' | 'select'; count: number; value: number };
  unnamed: { min: number; max: number; value: number } | null;
  survey: SurveyFieldView[];
  autoRenew: { shown: boolean; value: boolean | null };
  recipient: {
    shown: boolean;
    first: string;
    last: string;
    email: string;
    errors: { first?: Message; last?: Message; email?: Message };
  };
  shipping: boolean;
  submitLabel: 'membershipBuy' | 'membershipRenew' | 'membershipGiftButton';
  submitDisabled: boolean;
  formError: Message | null;
  /** The self-gift refusal is showing (with its link to buy or renew for yourself). */
  selfGift: boolean;
  /** The gift's cart is not empty (with a link to the cart). */
  cartNotEmpty: boolean;
  renewNotice: Message | null;
  askingLoginOrGuest: boolean;
  /** The error to rethrow (code_not_found) once the flow failed. */
  thrown: { code: string; description?: string | null } | null;
  errorVersion: number;
  nameMax: number;
  emailMax: number;
}

function statusOf(snapshot: MembershipPurchaseSnapshot): MembershipFormView['status'] {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.matches('loadError')) return 'loadError';
  if (snapshot.matches('unavailable')) return 'unavailable';
  if (snapshot.hasTag('submitting')) return 'submitting';
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('failed')) return 'failed';
  return 'ready';
}

const SUBMIT_LABEL = {
  buy: 'membershipBuy',
  renew: 'membershipRenew',
  gift: 'membershipGiftButton',
} as const;

export function selectMembershipFormView(snapshot: MembershipPurchaseSnapshot): MembershipFormView {
  const { context } = snapshot;
  const level = levelOf(context);
  const status = statusOf(snapshot);
  const errors = context.fieldErrors;
  const seen = new Map<MemberRole, number>();
  const members = activeSlotIndexes(level, context.optionalCount).map((index): MemberFieldsView => {
    const slot = level?.slots[index] ?? { role: 'member' as const, optional: false, email: 'other' as const };
    const entry = context.members[index] ?? { first: '', last: '', email: '', disabled: false };
    const ordinal = (seen.get(slot.role) ?? 0) + 1;
    seen.set(slot.role, ordinal);
    const fieldErrors: MemberFieldsView['errors'] = {};
    for (const field of ['first', 'last', 'email'] as const) {
      const error = errors[`member.${index}.${field}`];
      if (error) fieldErrors[field] = error;
    }
    const emailMode = slot.email === 'yes' ? 'required' : slot.email === 'no' ? 'optional' : 'hidden';
    return {
      index,
      role: slot.role,
      ordinal,
      optional: slot.optional,
      ...entry,
      emailMode,
      errors: fieldErrors,
    };
  });
  const optionalCount = optionalSlotCount(level);
  const recipientErrors: MembershipFormView['recipient']['errors'] = {};
  for (const field of ['first', 'last', 'email'] as const) {
    const error = errors[`recipient.${field}`];
    if (error) recipientErrors[field] = error;
  }
  return {
    status,
    mode: context.mode,
    levels: context.levels.map((l) => ({
      id: l.id,
      name: l.name,
      description: l.description,
      priceCents: l.priceCents,
      originalPriceCents: l.originalPriceCents,
      selected: l.id === context.levelId,
    })),
    // Shown only if enabled (spec 3 §2), and not when gifting: a gift is not the purchaser's membership.
    extend: { shown: context.settings.extendEnabled && context.mode !== 'gift', checked: context.extend },
    members,
    optional: {
      kind: optionalCount === 0 ? 'none' : optionalCount === 1 ? 'radio' : 'select',
      count: optionalCount,
      value: context.optionalCount,
    },
    unnamed: level?.unnamed ? { ...level.unnamed, value: context.unnamedCount } : null,
    survey: context.survey.map((q) => ({
      ...q,
      value: context.answers[q.name] ?? '',
      error: errors[`survey.${q.name}`] ?? null,
    })),
    autoRenew: {
      shown: context.settings.askToAutorenew && context.mode !== 'gift' && level !== null,
      value: context.autoRenew,
    },
    recipient: { shown: context.mode === 'gift', ...context.recipient, errors: recipientErrors },
    shipping: context.mode === 'gift' && context.settings.physicalCard,
    submitLabel: SUBMIT_LABEL[context.mode],
    submitDisabled: level === null || status !== 'ready',
    formError: context.formError,
    selfGift: context.formError?.key === 'giftSelf',
    cartNotEmpty: context.formError?.key === 'giftCartNotEmpty',
    renewNotice: context.renewNotice,
    askingLoginOrGuest: snapshot.matches('askingLoginOrGuest'),
    thrown: context.thrown,
    errorVersion: context.refusals,
    nameMax: NAME_MAX,
    emailMax: EMAIL_MAX,
  };
}
