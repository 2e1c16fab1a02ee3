import './strings';
import type { SingleEventViewModel } from '../../machines/reserve/singleEventReserve.view';
import { formatDate, formatTime } from '../format';
import { ReserveSkeleton } from '../skeleton/ReserveSkeleton';
import { resolveMessage } from '../strings';
import * as Shell from './ReserveFormShell';

/** The flow's view model (machines/reserve/singleEventReserve.view.ts): the contract written once (issue 17). */
export type SingleEventView = SingleEventViewModel;

export interface SingleEventReserveProps extends Shell.QuantityFormProps {
  view: SingleEventView;
}

/** Single event: its one session (when it needs one), quantities, seats hint, total and submit. */
export function SingleEventReserve(props: SingleEventReserveProps) {
  const { strings, view } = props;
  if (view.status === 'loading') return <ReserveSkeleton label={strings.loading} />;
  return (
    <Shell.Form {...props}>
      {view.status === 'ready' ? (
        <>
          {view.session ? (
            <Shell.Section heading={strings.selectedDate}>
              <div className="chosen">
                <strong>
                  {formatDate(view.session.start, view.session.timeZone)},{' '}
                  {formatTime(view.session.start, view.session.timeZone)}
                </strong>
              </div>
              {view.fewTickets ? (
                <p className="message message--warning">{resolveMessage(strings, view.fewTickets)}</p>
              ) : null}
            </Shell.Section>
          ) : null}
          <Shell.Tickets {...props} />
          <Shell.Extras {...props} />
          {props.seatBlock ??
            (view.seatsNeeded ? <p className="message message--warning">{strings.seatRequired}</p> : null)}
          {props.showFooter === false ? null : <Shell.Footer {...props} />}
        </>
      ) : null}
    </Shell.Form>
  );
}
