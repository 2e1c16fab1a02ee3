/** One ticket group: GET ticket_group/{id} (spec 1 §7; the one-ticket picker loads donation groups this way). */

import { ErrorCode } from '../domain/codes';
import { ApiError } from './errors';
import type { CallOptions } from './events';
import type { TicketGroupModel } from './models';
import { eventJoins } from './on-demand';
import type { ApiRequest } from './request';

export interface GetTicketGroupOptions extends CallOptions {
  /** Only a group of this handler (`handler=`), e.g. donation. */
  handler?: string;
}

export function createTicketGroups(request: ApiRequest) {
  return {
    /** GET ticket_group/{id}?handler=…&_embed=ticket_type: the public group with its types, by rank. */
    async get(id: string, { signal, handler }: GetTicketGroupOptions = {}): Promise<TicketGroupModel> {
      const joins = eventJoins();
      const raw = await request('GET', `ticket_group/${encodeURIComponent(id)}`, {
        query: { handler },
        embed: ['ticket_type'],
        signal,
      });
      const group = (await joins).toSessionGroups(raw).find((g) => g.id === id);
      if (!group) throw new ApiError({ code: ErrorCode.not_found, status: 404, context: 'ticket_group' });
      return group;
    },
  };
}

export type TicketGroupsApi = ReturnType<typeof createTicketGroups>;
