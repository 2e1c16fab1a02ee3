/** The quantity-first layout: get the quantity-first reserve actor, select its view model, render the view. */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { selectQuantityFirstReserveView } from '../../../machines/reserve/quantityFirstReserve.view';
import { QuantityFirstReserve } from '../../../ui/reserve/QuantityFirstReserve';
import { currentCartId } from '../../app/root';
import { useModal, useServices } from '../../app/services';
import { AddOnStepBar } from '../../app/upsell';
import { SMALL_SCREEN, useMediaQuery } from '../../useMediaQuery';
import { provideQuantityFirstReserve } from '../quantityFirstWiring';
import { useReserved } from '../useReserved';
import { MobileFooter } from './MobileFooter';
import type { LayoutProps } from './types';

export default function QuantityFirstLayout({ event, query }: LayoutProps) {
  const { api, strings, inspect, config, app } = useServices();
  const reserved = useReserved();
  const formId = useId();
  const small = useMediaQuery(SMALL_SCREEN);
  const machine = useMemo(
    () => provideQuantityFirstReserve({ api, currentCartId: () => currentCartId(app), reserved }),
    [api, app, reserved],
  );
  const actor = useActorRef(machine, {
    input: { event, select: query.select, presetPriceCents: query.priceCents },
    inspect,
  });
  const view = useSelector(actor, selectQuantityFirstReserveView);
  const calendar = useModal('chooseDate');

  const ticketsSelected = useSelector(actor, (s) => Object.values(s.context.quantities).some((n) => n > 0));

  return (
    <div className="has-mobile-footer">
      <AddOnStepBar ticketsSelected={ticketsSelected} />
      <QuantityFirstReserve
        strings={strings}
        currency={config.currency}
        view={view}
        formId={formId}
        showFooter={!small}
        calendar={calendar.modal}
        onShowMore={calendar.open}
        onCloseCalendar={calendar.close}
        onDismissCalendar={calendar.dismiss}
        onIncrement={(ticketTypeId) => actor.send({ type: 'quantity.increment', ticketTypeId })}
        onDecrement={(ticketTypeId) => actor.send({ type: 'quantity.decrement', ticketTypeId })}
        onFindTickets={() => actor.send({ type: 'tickets.find' })}
        onEditQuantities={() => actor.send({ type: 'quantities.open' })}
        onSelectDate={(date) => actor.send({ type: 'date.select', date })}
        onChangeDate={() => actor.send({ type: 'date.change' })}
        onSelectSession={(sessionId) => actor.send({ type: 'session.select', sessionId })}
        onRetry={() => actor.send({ type: 'retry' })}
        onSubmit={() => actor.send({ type: 'submit' })}
      />
      {small && view.dateVisible ? (
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
