/**
 * The 'oneTicket' layout (spec 1 §2 layout 2, events whose groups are all ledger or donation): get the
 * one-ticket picker's actor, select its view model, render the picker.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { selectOneTicketView } from '../../../machines/reserve/single-event-view';
import { OneTicketPicker } from '../../../ui/reserve/OneTicketPicker';
import { currentCartId } from '../../app/root';
import { useServices } from '../../app/services';
import { AddOnStepBar } from '../../app/upsell';
import { SMALL_SCREEN, useMediaQuery } from '../../useMediaQuery';
import { provideOneTicketReserve } from '../single-event-wiring';
import { useReserved } from '../useReserved';
import { MobileFooter } from './MobileFooter';
import type { LayoutProps } from './types';

export default function OneTicketLayout({ event, query }: LayoutProps) {
  const { api, strings, inspect, config, app } = useServices();
  const reserved = useReserved();
  const machine = useMemo(
    () => provideOneTicketReserve({ api, currentCartId: () => currentCartId(app), reserved }),
    [api, app, reserved],
  );
  const actor = useActorRef(machine, { input: { event, select: query.select }, inspect });
  const view = useSelector(actor, selectOneTicketView);
  const formId = useId();
  const small = useMediaQuery(SMALL_SCREEN);
  const ticketsSelected = useSelector(actor, (s) => Object.values(s.context.quantities).some((n) => n > 0));

  return (
    <div className="has-mobile-footer">
      <AddOnStepBar ticketsSelected={ticketsSelected} />
      <OneTicketPicker
        strings={strings}
        formId={formId}
        showFooter={!small}
        currency={config.currency}
        view={view}
        onChoose={(ticketTypeId) => actor.send({ type: 'ticket.choose', ticketTypeId })}
        onSubmit={() => actor.send({ type: 'submit' })}
        onRetry={() => actor.send({ type: 'retry' })}
      />
      {small && view.status === 'ready' ? (
        <MobileFooter
          formId={formId}
          totalCents={view.totalCents}
          canSubmit={view.canSubmit}
          submitting={view.submitting}
        />
      ) : null}
    </div>
  );
}
