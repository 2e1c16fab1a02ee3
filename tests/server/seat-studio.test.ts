/**
 * The demo studio (server/seed/seats.ts): a small seated event in the quantity-first form, link-only. Its
 * meta chooses the quantity-first flow, its one group is seated, its sessions have a 40-seat map, and a
 * seated reserve takes the seats (a second buyer for the same seat is refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSeatMap } from '../../api/seat-map';
import { STUDIO_TIMES, studioIds, studioPlan } from '../../server/seed/seats';
import { startTestServer, type TestServer } from './helpers';

let s: TestServer;
let sessions: { id: string; start_datetime: string }[];
beforeAll(async () => {
  s = await startTestServer();
  const r = await s.json('GET', `events/${studioIds.event}/sessions`);
  sessions = r.body.event_session._data;
});
afterAll(async () => {
  await s.handle.close();
});

describe('the studio (seated, quantity-first)', () => {
  it('is a link-only event whose meta picks the quantity-first flow and whose one group is seated', async () => {
    const r = await s.json('GET', `events/${studioIds.event}`, { query: { _embed: 'meta,ticket_group' } });
    expect(r.status).toBe(200);
    expect(r.body.event_template._data[0]).toMatchObject({
      id: studioIds.event,
      hidden_type: 'public_link_only',
    });
    const meta = r.body.meta._data as { key: string; value: unknown }[];
    expect(meta.find((m) => m.key === 'reserve_flow')?.value).toBe('quantity_first');
    const groups = r.body.ticket_group._data as { id: string; handler: string }[];
    expect(groups.map((g) => [g.id, g.handler])).toEqual([[studioIds.group, 'seated']]);
    const listed = await s.json('GET', 'events/available');
    expect((listed.body.event_template._data as { id: string }[]).some((e) => e.id === studioIds.event)).toBe(
      false,
    );
  });

  it('has sessions at its times, each with the 40-seat map', async () => {
    expect(sessions.length).toBeGreaterThan(0);
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (const x of sessions) expect(STUDIO_TIMES).toContain(clock.format(new Date(x.start_datetime)));
    const session = sessions[0] as { id: string };
    const r = await s.json('GET', `events/${studioIds.event}/sessions/${session.id}/seat_map`, {
      query: { _withgeometry: 'true' },
    });
    expect(r.status).toBe(200);
    const map = toSeatMap(r.body);
    expect(map.seatById.size).toBe(studioPlan().seats.length);
    expect(studioPlan().seats.length).toBe(40);
  });

  it('a seated reserve takes its seats; another buyer for the same seat is refused', async () => {
    const session = sessions[sessions.length - 1] as { id: string };
    const seat = studioPlan().seats[0]?.id as string;
    const line = {
      event_session_id: session.id,
      ticket_type_id: studioIds.type('Adult'),
      handler_data: { seat_template_id: seat, ticket_group_id: studioIds.group },
    };
    const first = await s.json('POST', 'my/cart/modify', { body: { add: [line] } });
    expect(first.status).toBe(200);
    const second = await s.json('POST', 'my/cart/modify', { body: { add: [line] } });
    expect(second.status).toBe(409);
    expect(second.body._data[0]._code).toBe('seat_unavailable');
  });
});
