/**
 * The reserve forms' small helpers, held to what the spec says of them (issue 29: the survivors of the reserve
 * variants' first mutation report): the seated tickets the seat map needs (spec 1 §2 "seat selection block",
 * §5 "Seats"), a real calendar day written as YYYY-MM-DD (the `?date=` query), and where the message rules'
 * texts show (spec 1 §3 "Message rule": date messages once a day is chosen, session messages once a time is).
 */
import { describe, expect, it } from 'vitest';
import type { TicketGroupModel } from '../../api/models';
import type { MessageRule } from '../../domain/message-rules';
import { isIsoDay } from '../../machines/reserve/format';
import { NO_RULE_MESSAGES, ruleMessages } from '../../machines/reserve/message-rules';
import { chosenSeatIds, hasSeatedTickets, SEATED_HANDLER, seatNeeds } from '../../machines/reserve/seats';

const group = (id: string, handler: string, typeIds: string[]) =>
  ({
    id,
    name: `Group ${id}`,
    handler,
    types: typeIds.map((t) => ({ id: t, name: `Type ${t}` })),
  }) as unknown as TicketGroupModel;

const seated = group('g1', SEATED_HANDLER, ['adult', 'child']);
const standing = group('g2', 'standard', ['general']);
const seatedToo = group('g3', SEATED_HANDLER, ['box']);

describe('seats in the reserve forms', () => {
  it('needs seats for the seated groups only, per type with tickets, whole tickets', () => {
    expect(seatNeeds([seated, standing, seatedToo], { adult: 2, child: 0, general: 3, box: 0 })).toEqual([
      {
        ticketGroupId: 'g1',
        name: 'Group g1',
        types: [{ ticketTypeId: 'adult', name: 'Type adult', quantity: 2 }],
      },
    ]);
    expect(seatNeeds([seated], { adult: 1.7, child: 0.4 })).toEqual([
      {
        ticketGroupId: 'g1',
        name: 'Group g1',
        types: [{ ticketTypeId: 'adult', name: 'Type adult', quantity: 1 }],
      },
    ]);
    expect(seatNeeds([seated, seatedToo], {})).toEqual([]);
  });

  it('shows the seat selection block only with seated tickets', () => {
    expect(hasSeatedTickets([seated, standing], { child: 1 })).toBe(true);
    expect(hasSeatedTickets([seated, standing], { general: 4 })).toBe(false);
    expect(hasSeatedTickets([seated], { adult: 0, child: 0.5 })).toBe(false);
    expect(hasSeatedTickets([], { adult: 2 })).toBe(false);
  });

  it('lists the chosen seats group by group, in order', () => {
    expect(chosenSeatIds({ g1: ['s2', 's1'], g3: ['b7'] })).toEqual(['s2', 's1', 'b7']);
    expect(chosenSeatIds({})).toEqual([]);
  });
});

describe('a calendar day in the query', () => {
  it('takes a real day written exactly as YYYY-MM-DD', () => {
    for (const day of ['2026-11-27', '2024-02-29', '2026-12-31', '2027-01-01'])
      expect(isIsoDay(day), day).toBe(true);
  });

  it('refuses days that do not exist and anything around or beside the date', () => {
    for (const day of [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      'x2026-01-01',
      '2026-01-01x',
      '2026-1-01',
      '',
    ])
      expect(isIsoDay(day), day).toBe(false);
  });
});

describe('where the message rules show', () => {
  const always: MessageRule = {
    id: 'always',
    rank: 0,
    actions: { date_message: 'Day text', session_message: 'Time text', quantity_message: 'Count text' },
    dateOrSession: null,
    quantity: null,
  };
  const event = (rules: MessageRule[] | undefined) =>
    ({ messageRules: rules, venue: { timezone: 'America/New_York' } }) as never;

  it('shows nothing for an event without rules', () => {
    const none = { date: '2026-11-27', sessionStart: '2026-11-27T15:00:00Z', tickets: [] };
    expect(ruleMessages(event(undefined), none)).toEqual({ date: [], session: [], quantity: [] });
    expect(ruleMessages(event([]), none)).toEqual({ date: [], session: [], quantity: [] });
    expect(NO_RULE_MESSAGES).toEqual({ date: [], session: [], quantity: [] });
  });

  it('shows date messages once a day is chosen and session messages once a time is', () => {
    expect(ruleMessages(event([always]), { date: null, sessionStart: null, tickets: [] })).toEqual({
      date: [],
      session: [],
      quantity: ['Count text'],
    });
    expect(ruleMessages(event([always]), { date: '2026-11-27', sessionStart: null, tickets: [] })).toEqual({
      date: ['Day text'],
      session: [],
      quantity: ['Count text'],
    });
    expect(
      ruleMessages(event([always]), {
        date: '2026-11-27',
        sessionStart: '2026-11-27T15:00:00Z',
        tickets: [],
      }),
    ).toEqual({ date: ['Day text'], session: ['Time text'], quantity: ['Count text'] });
  });
});
