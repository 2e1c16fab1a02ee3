/**
 * The manage page's joins (issue 24; spec 2 §2 "Cancel-free-order page", §7): the order's tickets as the page
 * lists them (GET ticket_order/{id}, uncached, with its embeds) and the access answer of POST
 * ticket_order/{id}/manage (how the request may manage it, and the seller's self-edit rules). Loaded on demand
 * with the manage calls.
 */
import * as z from 'zod/mini';
import { ErrorCode } from '../domain/codes';
import { ApiError, unexpectedError } from './errors';
import { indexById, parseDocument, rows } from './join';
import type { EditCart, ManageAccess, ManageOrder, ManageTicket } from './models';

/** The order of the document with every ticket (cancelled ones too), in the order the document lists them. */
export function toManageOrder(raw: unknown, orderId: string): ManageOrder {
  const doc = parseDocument(raw);
  const order = rows(doc, 'ticket_order').find((o) => o.id === orderId);
  if (!order) throw new ApiError({ code: ErrorCode.not_found, status: 404, context: 'ticket_order' });
  const types = indexById(rows(doc, 'ticket_type'));
  const events = indexById(rows(doc, 'event_template'));
  const sessions = indexById(rows(doc, 'event_session'));
  const venues = indexById(rows(doc, 'venue'));
  const tickets: ManageTicket[] = rows(doc, 'ticket')
    .filter((k) => k.ticket_order_id === order.id)
    .map((k) => {
      const event = events.get(k.event_template_id);
      const session = k.event_session_id ? sessions.get(k.event_session_id) : undefined;
      return {
        id: k.id,
        state: k.state,
        faceValue: k.face_value,
        adjustedValue: k.adjusted_value,
        typeName: types.get(k.ticket_type_id)?.name ?? '',
        ticketTypeId: k.ticket_type_id,
        eventId: k.event_template_id,
        eventName: event?.name ?? '',
        eventType: event?.event_type ?? '',
        category: event?.category ?? null,
        sessionId: k.event_session_id,
        start: session?.start_datetime ?? null,
        timezone: (event ? venues.get(event.venue_id)?.timezone : undefined) ?? null,
        validity:
          k.handler === 'passes' && k.valid_from && k.valid_to
            ? { from: k.valid_from, to: k.valid_to }
            : null,
      };
    });
  return { id: order.id, number: order.order_number, tickets };
}

const accessAnswer = z.object({
  manage_access: z.object({
    _data: z.array(
      z.object({
        ticket_order_id: z.string(),
        via: z.enum(['token', 'session']),
        self_edit_rules: z.object({
          enabled: z.boolean(),
          anon_editing: z.boolean(),
          horizon_days: z.number(),
          horizon_hours: z.number(),
          categories: z.array(z.string()),
        }),
      }),
    ),
  }),
});

export function toManageAccess(raw: unknown): ManageAccess {
  const parsed = z.safeParse(accessAnswer, raw);
  const row = parsed.success ? parsed.data.manage_access._data[0] : undefined;
  if (!row) throw unexpectedError(200, 'malformed_manage_access');
  const r = row.self_edit_rules;
  return {
    via: row.via,
    rules: {
      enabled: r.enabled,
      anonEditing: r.anon_editing,
      horizonDays: r.horizon_days,
      horizonHours: r.horizon_hours,
      categories: r.categories,
    },
  };
}

/** The order-bound cart of a cart document (GET, modify or the edit answer): its change of the order. */
const orderEditAnswer = z.object({
  order_edit: z.object({
    _data: z.array(
      z.object({ cart_id: z.string(), ticket_order_id: z.string(), removed: z.array(z.string()) }),
    ),
  }),
});

export function toEditCart(raw: unknown): EditCart {
  const doc = parseDocument(raw);
  const cart = rows(doc, 'cart')[0];
  const parsed = z.safeParse(orderEditAnswer, raw);
  const edit = parsed.success ? parsed.data.order_edit._data[0] : undefined;
  if (!cart || !edit) throw unexpectedError(200, 'malformed_edit_cart');
  const types = indexById(rows(doc, 'ticket_type'));
  const events = indexById(rows(doc, 'event_template'));
  const sessions = indexById(rows(doc, 'event_session'));
  const venues = indexById(rows(doc, 'venue'));
  return {
    cartId: cart.id,
    orderId: edit.ticket_order_id,
    state: cart.state,
    expiresAt: cart.expires_at ?? null,
    outstanding: rows(doc, 'cart_fees')[0]?.grand_totals.total_outstanding ?? '0.00',
    removed: edit.removed,
    added: rows(doc, 'ticket')
      .filter((k) => k.state !== 'cancelled')
      .map((k) => {
        const event = events.get(k.event_template_id);
        return {
          id: k.id,
          typeName: types.get(k.ticket_type_id)?.name ?? '',
          eventName: event?.name ?? '',
          sessionId: k.event_session_id,
          start: (k.event_session_id ? sessions.get(k.event_session_id)?.start_datetime : null) ?? null,
          timezone: (event ? venues.get(event.venue_id)?.timezone : undefined) ?? null,
          price: k.adjusted_value,
        };
      }),
  };
}
