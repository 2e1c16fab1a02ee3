/**
 * The seat selection block and the seat-map modal for a reserve form (date-first, quantity-first, single
 * event). The block is small and ships with the layouts; the modal (machine, renderer, list) is a lazy chunk
 * fetched when the visitor opens the map. The modal is on the modal stack (`seatMap`).
 */
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TicketGroupModel } from '../../../api/models';
import type { TicketFormMachine } from '../../../machines/reserve/core/ticketForm.machine';
import { seatNeeds, seatsMatch } from '../../../machines/reserve/seats';
import { SeatBlock } from '../../../ui/reserve/SeatBlock';
import { useModal, useServices } from '../../app/services';

const SeatMapModal = lazy(() => import('./SeatMapModal'));

export interface SeatSelectionProps {
  eventId: string;
  sessionId: string | null;
  groups: readonly TicketGroupModel[];
  quantities: Readonly<Record<string, number>>;
  seats: Readonly<Record<string, readonly string[]>>;
  onSeats: (seats: Record<string, string[]>) => void;
}

/** What a reserve form's selector gives its seat block: whether seats can be chosen now, and the choice so far. */
export interface FormSeating extends Omit<SeatSelectionProps, 'eventId' | 'onSeats'> {
  ready: boolean;
}

const NO_GROUPS: TicketGroupModel[] = [];
const NO_CHOICE = {};

/**
 * What the seat block reads of a variant's ticket form child (stable references from its context, so a layout's
 * `useSelector(form, formSeating, sameFields)` renders again only when one of them changes): seats can be chosen
 * while the form is editing; whether its groups are seated, and its session's start.
 */
export function formSeating(snapshot: SnapshotFrom<TicketFormMachine> | undefined) {
  const context = snapshot?.context;
  return {
    ready: snapshot?.matches('editing') ?? false,
    seated: context?.groups.some((g) => g.handler === 'seated') ?? false,
    sessionId: context?.session?.id ?? null,
    visitStart: context?.session?.start ?? null,
    groups: context?.groups ?? NO_GROUPS,
    quantities: context?.quantities ?? NO_CHOICE,
    seats: context?.seats ?? NO_CHOICE,
  };
}

/** A reserve form's seat block while its session is chosen and ready (else nothing). */
export function formSeatBlock(
  eventId: string,
  seating: FormSeating,
  onSeats: SeatSelectionProps['onSeats'],
): ReactNode {
  if (!seating.ready) return null;
  return (
    <SeatSelection
      eventId={eventId}
      sessionId={seating.sessionId}
      groups={seating.groups}
      quantities={seating.quantities}
      seats={seating.seats}
      onSeats={onSeats}
    />
  );
}

/** The block (null when the order has no seated tickets) with its modal. */
export function SeatSelection({
  eventId,
  sessionId,
  groups,
  quantities,
  seats,
  onSeats,
}: SeatSelectionProps) {
  const { strings } = useServices();
  const modal = useModal('seatMap');
  const [names, setNames] = useState<Record<string, string>>({});
  const needs = seatNeeds(groups, quantities);
  const chosen = Object.values(seats).flat();
  if (needs.length === 0 && chosen.length === 0) return null;
  const groupNames = Object.fromEntries(groups.map((g) => [g.id, g.name]));
  return (
    <>
      <SeatBlock
        strings={strings}
        seatNames={chosen.map((id) => names[id] ?? id)}
        complete={seatsMatch(groups, quantities, seats)}
        canChoose={sessionId !== null && needs.length > 0}
        onChoose={modal.open}
      />
      {modal.modal && sessionId ? (
        <Suspense fallback={null}>
          <SeatMapModal
            eventId={eventId}
            sessionId={sessionId}
            needs={needs}
            seats={seats}
            groupNames={groupNames}
            closing={modal.modal.closing}
            onConfirm={(next, seatNames) => {
              setNames((known) => ({ ...known, ...seatNames }));
              onSeats(next);
              modal.close();
            }}
            onBack={modal.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
