import './cart/strings';
import { formatDate } from './format';
import { fill, type Strings } from './strings';

/** A pass's first valid instant and its last (ISO UTC: its tickets' valid_from and valid_to). */
export interface PassValidityView {
  from: string;
  to: string;
}

/**
 * A pass's validity, 'Valid from {from} to {to}', each day in the venue's zone (the last instant, 23:59:59
 * there, is still its last day): under its line in the cart, on the confirmation, the printed order and the
 * manage page (issue 25). Nothing for a line without one.
 */
export function PassValidity(props: {
  strings: Strings;
  validity: PassValidityView | null | undefined;
  timezone: string | null;
  className?: string;
}) {
  const { validity, timezone } = props;
  if (!validity) return null;
  const zone = timezone ?? 'UTC';
  return (
    <span className={props.className ?? 'pass-validity'}>
      {fill(props.strings.cartPassValidity, {
        from: formatDate(validity.from, zone),
        to: formatDate(validity.to, zone),
      })}
    </span>
  );
}
