import './strings';
import { formatDateTime, formatMoney } from '../format';
import { fill, type Strings } from '../strings';

/** A ticket line of the change: its type, event and when. */
export interface ChangeLine {
  id: string;
  name: string;
  eventName: string;
  start: string | null;
  timezone: string | null;
}

export interface ConfirmChangesViewProps {
  strings: Strings;
  currency: string;
  orderNumber: string;
  givesUp: ChangeLine[];
  gets: ChangeLine[];
  /** What is left to pay, in cents. */
  differenceCents: number;
}

function Lines({ title, lines }: { title: string; lines: ChangeLine[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {lines.map((l) => (
          <li key={l.id}>
            {l.name}, {l.eventName}
            {l.start && l.timezone ? `, ${formatDateTime(l.start, l.timezone)}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a change of an order gives up and gets, and the price difference to pay (/manage/{id}/confirm). */
export function ConfirmChangesView(props: ConfirmChangesViewProps) {
  const { strings } = props;
  return (
    <section className="manage-order" aria-labelledby="confirm-changes-title">
      <h2 id="confirm-changes-title">{strings.editConfirmTitle}</h2>
      <p>{fill(strings.editConfirmLead, { number: props.orderNumber })}</p>
      <Lines title={strings.editConfirmGivesUp} lines={props.givesUp} />
      <Lines title={strings.editConfirmGets} lines={props.gets} />
      <p>
        <strong>
          {props.differenceCents > 0
            ? fill(strings.editConfirmDifference, {
                amount: formatMoney(props.differenceCents, props.currency),
              })
            : strings.editConfirmNoDifference}
        </strong>
      </p>
    </section>
  );
}
