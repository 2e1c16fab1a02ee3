/** The attendees' names of a ticket line (admit_name, in ticket order), as the cart and the printable order list them. */
export function AttendeeNames({ names }: { names: readonly string[] | undefined }) {
  if (!names?.length) return null;
  return (
    <ul className="cart-line__attendees">
      {names.map((name, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two attendees may share a name; the order is the tickets'
        <li key={i}>{name}</li>
      ))}
    </ul>
  );
}
