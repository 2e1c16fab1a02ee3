import './checkout/strings';
import { fill, type Strings } from './strings';

/** A discount code an order bought (groups with handler codes), with what it gives. */
export interface OrderCodeView {
  code: string;
  description: string | null;
}

/**
 * The discount codes an order bought, under their heading (a region named by it), each labelled 'Code n:' for
 * screen readers; nothing when the order bought none. On the confirmation and on the printable order.
 */
export function OrderCodes({
  strings,
  orderId,
  codes,
}: {
  strings: Strings;
  orderId: string;
  codes?: readonly OrderCodeView[];
}) {
  if (!codes?.length) return null;
  const titleId = `codes-${orderId}`;
  return (
    <section className="order-codes" aria-labelledby={titleId}>
      <h3 id={titleId}>{strings.discountCodesTitle}</h3>
      <ul className="plain-list">
        {codes.map((c, i) => (
          <li key={c.code}>
            <span className="visually-hidden">{fill(strings.discountCodeNumber, { n: i + 1 })} </span>
            <code className="order-codes__code">{c.code}</code>
            {c.description ? ` (${c.description})` : null}
          </li>
        ))}
      </ul>
      <p>{strings.discountCodesHow}</p>
    </section>
  );
}
