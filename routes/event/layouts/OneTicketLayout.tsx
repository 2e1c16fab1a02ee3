/**
 * The 'oneTicket' layout (spec 1 §2). Placeholder: renders the existing date-first flow until this layout's own
 * machine and view land in this file.
 */
import DateFirstLayout from './DateFirstLayout';
import type { LayoutProps } from './types';

export default function OneTicketLayout(props: LayoutProps) {
  return <DateFirstLayout {...props} />;
}
