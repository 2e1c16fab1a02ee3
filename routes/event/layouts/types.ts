import type { EventDetail } from '../../../api';
import type { EventQuery } from '../../../machines/event/query';

/** What EventScreen hands every layout (each layout is its own lazy chunk under routes/event/layouts/). */
export interface LayoutProps {
  event: EventDetail;
  /** The raw query string, for flow-specific parameters (date-first's session, date, reserve, quantities). */
  search: string;
  /** Event detail's own query: tg, select, price. */
  query: EventQuery;
  /** `/events/{id}/{action}`: renew or gift (the membership layout reads it). */
  action?: string;
}
