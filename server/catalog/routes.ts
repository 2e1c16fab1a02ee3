/**
 * Thin handlers of the discovery endpoints: events, calendar, sessions, session detail, config. Each reads its
 * path ids, query and body, looks the event up, and answers the document built by `catalog/events.ts`,
 * `catalog/sessions.ts` or `catalog/config.ts`.
 */
import type { Hono } from 'hono';
import { type AppCtx, type C, type Env, idParam, query } from '../http/context';
import { PUBLIC_TYPES } from '../http/docs';
import { currentMember } from '../members/session';
import { catalogGate, MEMBER_ONLY, requestAccess } from '../memberships/access';
import { seatMapDocument } from '../seats/seats';
import { configDocument } from './config';
import { eventDocument, eventsDocument } from './events';
import { ticketGroupDocument } from './groups';
import { findEvent } from './lookup';
import { priceCheckDocument, quantityCalendarDocument, quantitySessionsDocument } from './quantities';
import {
  calendarDocument,
  calendarQuantities,
  checkCalendarFormat,
  sessionDocument,
  sessionQuantities,
  sessionsDocument,
} from './sessions';

/** Dates and sessions of members-only events are public (their tickets are not: see the event and session documents). */
const SESSION_EVENT_TYPES = [...PUBLIC_TYPES, MEMBER_ONLY];

import { body, pricecheckBody, quantitiesBody } from '../http/validate';

export function registerCatalog(api: Hono<Env>, ctx: AppCtx) {
  api.get('/events/available', async (c) => {
    const q = query(c);
    // Members-only events only for a logged-in member who asks (`_withmemberevents`), and never through the
    // publicly cached prefix (a shared cache would hand them to guests).
    const asks = q.bool('_withmemberevents') === true && !c.req.path.startsWith('/cached/');
    const member = asks && (await currentMember(ctx, c)) !== null;
    return c.json(await eventsDocument(ctx, c.get('seller'), q, member));
  });

  api.get('/events/:id', async (c) => {
    const seller = c.get('seller');
    const q = query(c);
    const id = idParam(c, 'id', 'event_template');
    const { ev, venue } = await findEvent(ctx, seller.id, id, q.in('hidden_type') ?? PUBLIC_TYPES);
    return c.json(await eventDocument(ctx, q, ev, venue, catalogGate(await requestAccess(ctx, c))));
  });

  const calendar = async (c: C, quantities: Record<string, number> | null) => {
    const seller = c.get('seller');
    const q = query(c);
    checkCalendarFormat(q);
    const { ev, tz } = await findEvent(
      ctx,
      seller.id,
      idParam(c, 'id', 'event_template'),
      SESSION_EVENT_TYPES,
    );
    return c.json(await calendarDocument(ctx, q, ev, tz, quantities));
  };

  api.get('/events/:id/calendar', (c) => calendar(c, null));

  /** Calendar for selected quantities: a day is available when one session has room for all of them. */
  api.post('/events/:id/calendar', async (c) => {
    const b = await body(c, quantitiesBody, 'event_calendar');
    const quantities = calendarQuantities(b.quantities ?? {});
    const q = query(c);
    checkCalendarFormat(q);
    const { ev, tz } = await findEvent(
      ctx,
      c.get('seller').id,
      idParam(c, 'id', 'event_template'),
      SESSION_EVENT_TYPES,
    );
    // A member's quantities may name the members-only types their membership allows (memberships/access.ts).
    const gate = catalogGate(await requestAccess(ctx, c));
    return c.json(await quantityCalendarDocument(ctx, q, ev, tz, quantities, gate));
  });

  const sessionList = async (c: C, quantities: Record<string, number> | null) => {
    const seller = c.get('seller');
    const q = query(c);
    const { ev, tz } = await findEvent(
      ctx,
      seller.id,
      idParam(c, 'id', 'event_template'),
      SESSION_EVENT_TYPES,
    );
    return c.json(await sessionsDocument(ctx, q, ev, tz, quantities));
  };

  api.get('/events/:id/sessions', (c) => sessionList(c, null));

  /** Sessions with room for selected quantities, with a price schedule (quantity-first). */
  api.post('/events/:id/sessions', async (c) => {
    const b = await body(c, quantitiesBody, 'quantities');
    const quantities = sessionQuantities(b.quantities ?? {});
    const q = query(c);
    const { ev, tz } = await findEvent(
      ctx,
      c.get('seller').id,
      idParam(c, 'id', 'event_template'),
      SESSION_EVENT_TYPES,
    );
    const gate = catalogGate(await requestAccess(ctx, c));
    return c.json(await quantitySessionsDocument(ctx, q, ev, tz, quantities, gate));
  });

  api.post('/events/:id/pricecheck', async (c) => {
    const b = await body(c, pricecheckBody, 'pricecheck');
    const { ev } = await findEvent(ctx, c.get('seller').id, idParam(c, 'id', 'event_template'), PUBLIC_TYPES);
    return c.json(await priceCheckDocument(ctx, ev, b.ticket_types_required));
  });

  api.get('/events/:eventId/sessions/:sessionId', async (c) => {
    const seller = c.get('seller');
    const q = query(c);
    const eventId = idParam(c, 'eventId', 'event_template');
    const { ev, venue } = await findEvent(ctx, seller.id, eventId, SESSION_EVENT_TYPES);
    // The session id is read after the event is found: an unknown event answers event_template first.
    const sessionId = idParam(c, 'sessionId', 'event_session');
    return c.json(
      await sessionDocument(ctx, q, ev, venue, sessionId, catalogGate(await requestAccess(ctx, c))),
    );
  });

  api.get('/events/:eventId/sessions/:sessionId/seat_map', async (c) => {
    const q = query(c);
    const { ev } = await findEvent(
      ctx,
      c.get('seller').id,
      idParam(c, 'eventId', 'event_template'),
      PUBLIC_TYPES,
    );
    const sessionId = idParam(c, 'sessionId', 'event_session');
    return c.json(await seatMapDocument(ctx, ev, sessionId, q.bool('_withgeometry') === true));
  });

  api.get('/ticket_group/:id', async (c) =>
    c.json(await ticketGroupDocument(ctx, c.get('seller').id, query(c), idParam(c, 'id', 'ticket_group'))),
  );

  api.get('/config', async (c) => c.json(await configDocument(ctx, c.get('seller'), query(c))));
}
