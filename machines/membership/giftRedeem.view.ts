/** The redeem view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { giftRedeemMachine } from './giftRedeem.machine';
import { GIFT_CODE_LENGTH } from './giftRedeem.rules';
import type { RedeemLevel } from './giftRedeem.types';

export type GiftRedeemSnapshot = SnapshotFrom<typeof giftRedeemMachine>;

export interface GiftRedeemView {
  code: string;
  codeLength: number;
  codeError: Message | null;
  /** The code is being looked up. */
  lookingUp: boolean;
  /** A valid code: the levels (at most 3) and the form. */
  showForm: boolean;
  levels: RedeemLevel[];
  levelId: string | null;
  /** Submit is disabled without a level, and while the cart is checked or the level reserved. */
  canRedeem: boolean;
  redeeming: boolean;
  /** The dialog: the cart already holds a membership. */
  cartConflict: boolean;
  formError: Message | null;
  errorVersion: number;
}

export function selectGiftRedeemView(snapshot: GiftRedeemSnapshot): GiftRedeemView {
  const { context } = snapshot;
  const formStates = ['choosing', 'checkingCart', 'cartConflict', 'discarding', 'reserving', 'redeemed'];
  const showForm = formStates.some((s) => snapshot.matches(s as never));
  const redeeming = ['checkingCart', 'discarding', 'reserving', 'redeemed'].some((s) =>
    snapshot.matches(s as never),
  );
  return {
    code: context.code,
    codeLength: GIFT_CODE_LENGTH,
    codeError: context.codeError,
    lookingUp: snapshot.hasTag('loading'),
    showForm,
    levels: context.levels,
    levelId: context.levelId,
    canRedeem: snapshot.matches('choosing') && context.levels.some((l) => l.id === context.levelId),
    redeeming,
    cartConflict: snapshot.matches('cartConflict') || snapshot.matches('discarding'),
    formError: context.formError,
    errorVersion: context.refusals,
  };
}
