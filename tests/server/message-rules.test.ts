/**
 * GET events/{id} embeds the event's message rules (spec 1 §3 "Message rule", §7 embed message_rule): the seeded
 * Sculpture Park Day Ticket's four rules, by rank, as the storefront reads them; none without the embed, none for
 * an event that has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMessageRules } from '../../domain/message-rules';
import { demoIds, SCULPTURE_PARK_KEY } from '../../server/seed/demo';
import { PLANETARIUM, startTestServer, type TestServer } from './helpers';

const PARK = demoIds.event(SCULPTURE_PARK_KEY);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

describe('GET events/{id} with message_rule', () => {
  it('sends the event’s rules by rank with their actions and triggers', async () => {
    const r = await s.json('GET', `events/${PARK}`, { query: { _embed: 'ticket_group,message_rule' } });
    expect(r.status).toBe(200);
    const body = r.body as { message_rule: { _count: number; _data: Record<string, unknown>[] } };
    expect(body.message_rule._count).toBe(4);
    expect(body.message_rule._data.map((rule) => [rule.event_template_id, rule._rank])).toEqual([
      [PARK, 0],
      [PARK, 1],
      [PARK, 2],
      [PARK, 3],
    ]);
    const rules = readMessageRules(body.message_rule._data);
    expect(rules.map((rule) => rule.actions)).toEqual([
      { session_annotation: '9:00 AM to 5:00 PM' },
      {
        date_annotation: 'Trail tours',
        date_message: 'Weekends: free trail tours leave the park gate at 11:00 AM and 2:00 PM.',
      },
      { quantity_message: 'Children under 12 must be with an adult.' },
      { quantity_message: 'Groups of 10 or more: ask the box office about group rates.' },
    ]);
    expect(rules[1]?.dateOrSession?.weekdays).toEqual([6, 7]);
  });

  it('without the embed, or for an event without rules, sends none', async () => {
    const plain = await s.json('GET', `events/${PARK}`, { query: { _embed: 'ticket_group' } });
    expect((plain.body as Record<string, unknown>).message_rule).toBeUndefined();
    const other = await s.json('GET', `events/${PLANETARIUM}`, { query: { _embed: 'message_rule' } });
    expect((other.body as { message_rule: { _count: number } }).message_rule._count).toBe(0);
  });

  it('the park’s sessions are one a day from 9 AM to 5 PM: all day', async () => {
    const r = await s.json('GET', `events/${PARK}/sessions`, { query: { _sort: 'start_datetime' } });
    const sessions = (
      r.body as { event_session: { _data: { start_datetime: string; end_datetime: string }[] } }
    ).event_session._data;
    expect(sessions.length).toBeGreaterThan(1);
    for (const x of sessions)
      expect(Date.parse(x.end_datetime) - Date.parse(x.start_datetime)).toBe(8 * 60 * 60 * 1000);
  });
});
