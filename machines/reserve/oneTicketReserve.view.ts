/**
 * The one-ticket-only picker's view model (spec 1 §2 layout 2): one selector, snapshot -> the props its view
 * needs, and the callbacks it offers. It loads with its layout's chunk.
 */
import type { SnapshotFrom } from 'xstate';
import { type PassPolicy, passDays } from '../../domain/pass-validity';
import type { Message } from '../shared/messages';
import { type FlexiblePriceView, flexiblePriceView, withChosenPrices } from './core/prices';
import { type FormStatus, formStatus, formTotalCents, type NoticeView } from './core/view';
import type { OneTicketReserveMachine } from './oneTicketReserve.machine';
import { canDecrementOne, canIncrementOne, chosenType } from './oneTicketReserve.rules';
import type { OneTicketReserveEvent } from './oneTicketReserve.types';

export type OneTicketReserveSnapshot = SnapshotFrom<OneTicketReserveMachine>;

export interface OneTicketOptionView {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  chosen: boolean;
  disabled: boolean;
  /** A pay-what-you-wish type's amount input (core/prices.ts), or null when its price is fixed. */
  flexiblePrice: FlexiblePriceView | null;
}

export interface OneTicketGroupView {
  id: string;
  name: string;
  description: string | null;
  soldOut: boolean;
  /** A pass's validity when bought today ('Valid from {from} to {to}'), or null (not a pass, or no days). */
  validity: Message | null;
  options: OneTicketOptionView[];
}

export interface OneTicketViewModel {
  status: FormStatus;
  blockingMessage: Message | null;
  groups: OneTicketGroupView[];
  /** The one chosen type, or null. */
  chosen: string | null;
  /** Exactly-one mode: never a decrease. */
  canDecrease: boolean;
  totalCents: number;
  canSubmit: boolean;
  submitting: boolean;
  messages: NoticeView[];
  canRetry: boolean;
}

/** A pass's first and last valid day bought on `today`, in the spec's day format, or null. */
export function passValidityMessage(pass: PassPolicy | undefined, today: string | null): Message | null {
  const days = pass && today ? passDays(pass, today) : null;
  return days ? { key: 'passValidity', params: { from: { day: days.from }, to: { day: days.to } } } : null;
}

export function selectOneTicketView(snapshot: OneTicketReserveSnapshot): OneTicketViewModel {
  const { context } = snapshot;
  const picking = snapshot.matches('picking');
  const chosen = chosenType(context.quantities);
  const loading = snapshot.matches('loading');
  return {
    ...formStatus(loading, snapshot.matches('unavailable'), snapshot.matches('loadError'), context.blocking),
    groups: context.groups.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      soldOut: group.soldOut,
      validity: passValidityMessage(group.pass, context.today),
      options: group.types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        priceCents: type.priceCents,
        chosen: type.id === chosen,
        disabled:
          !picking || (type.id !== chosen && !canIncrementOne(context.groups, context.quantities, type.id)),
        flexiblePrice: flexiblePriceView(type, context.quantities, context),
      })),
    })),
    chosen,
    canDecrease: canDecrementOne(),
    totalCents: formTotalCents(withChosenPrices(context.groups, context), context.quantities),
    canSubmit: picking && chosen !== null,
    submitting: snapshot.matches('reserving'),
    messages: context.messages,
    canRetry: snapshot.can({ type: 'retry' }),
  };
}

/** The one-ticket picker's callbacks, built from the flow's `send`: what the layout and the story viewer offer. */
export function oneTicketCallbacks(send: (event: OneTicketReserveEvent) => void) {
  return {
    onChoose: (ticketTypeId: string) => send({ type: 'ticket.choose', ticketTypeId }),
    onPriceChange: (ticketTypeId: string, value: string) =>
      send({ type: 'price.change', ticketTypeId, value }),
    onSubmit: () => send({ type: 'submit' }),
    onRetry: () => send({ type: 'retry' }),
  };
}
