/** The donation form's view model: one selector from a snapshot to the props the form needs. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { donationMachine } from './donation.machine';
import {
  amountProblem,
  cartDonation,
  chosenItem,
  donationTicketIds,
  ownAmountType,
  presetTypes,
  sameAsCart,
} from './rules';
import type { DonationNotice } from './types';

export type DonationSnapshot = SnapshotFrom<typeof donationMachine>;

export interface DonationPreset {
  ticketTypeId: string;
  name: string;
  amountCents: number;
  /** Pressed: the chosen amount. */
  pressed: boolean;
}

export interface DonationOwnAmount {
  ticketTypeId: string;
  name: string;
  /** What was typed. */
  value: string;
  minCents: number | null;
  maxCents: number | null;
  /** The own amount is the choice. */
  chosen: boolean;
  /** 'Value entered is outside min/max.' after a submit the rule stopped (while it still does not fit). */
  error: Message | null;
}

export interface DonationView {
  /** The form shows (the group loaded and offers amounts). */
  shown: boolean;
  loading: boolean;
  /** The group's name and description (seller text). */
  title: string;
  description: string | null;
  presets: DonationPreset[];
  ownAmount: DonationOwnAmount | null;
  /** The donation the cart holds now (its amount), or null. */
  inCartCents: number | null;
  /** The submit's label: add (the cart has none) or update (it has one). */
  submitKind: 'add' | 'update';
  /** A valid choice other than the cart's donation, and not busy. */
  canSubmit: boolean;
  canRemove: boolean;
  /** A change is on its way to the cart. */
  busy: boolean;
  error: Message | null;
  notice: DonationNotice | null;
  /** Changes on every refusal: the view announces and focuses it. */
  errorVersion: number;
}

export function selectDonationView(snapshot: DonationSnapshot): DonationView {
  const { context } = snapshot;
  const { group } = context;
  const busy = snapshot.hasTag('submitting');
  const own = group ? ownAmountType(group) : null;
  const ownProblem = amountProblem(group, context.choice, context.amount);
  const hasDonation = donationTicketIds(context.cart, group).length > 0;
  return {
    shown: group !== null && !snapshot.matches('unavailable'),
    loading: snapshot.hasTag('loading'),
    title: group?.name ?? '',
    description: group?.description ?? null,
    presets: (group ? presetTypes(group) : []).map((type) => ({
      ticketTypeId: type.id,
      name: type.name,
      amountCents: type.priceCents,
      pressed: context.choice === type.id,
    })),
    ownAmount: own
      ? {
          ticketTypeId: own.id,
          name: own.name,
          value: context.amount,
          minCents: own.amountMinCents ?? null,
          maxCents: own.amountMaxCents ?? null,
          chosen: context.choice === own.id,
          error: context.checked ? ownProblem : null,
        }
      : null,
    inCartCents: cartDonation(context.cart, group)?.amountCents ?? null,
    submitKind: hasDonation ? 'update' : 'add',
    canSubmit:
      !busy &&
      (ownProblem !== null ||
        (chosenItem(group, context.choice, context.amount) !== null && !sameAsCart(context))),
    canRemove: !busy && hasDonation,
    busy,
    error: context.error,
    notice: context.notice,
    errorVersion: context.refusals,
  };
}
