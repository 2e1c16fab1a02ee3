/**
 * Message rules (spec 1 §3 "Message rule: actions (quantity_message, session_annotation, session_message,
 * date_annotation, date_message); triggers: dateOrSession (dateInterval start/end, weekdays, time_of_day
 * start/end) and quantity (ticket_type_ids, ticket_type_names, ticket_group_ids, ticket_group_names, min, max);
 * _rank"): the rule in domain/message-rules.ts, held to examples written from the spec and to properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChosenTickets,
  isoWeekday,
  MESSAGE_ACTIONS,
  type MessageRuleWire,
  readMessageRule,
  readMessageRules,
  ruleAnnotation,
  ruleTexts,
  sessionScope,
} from '../../domain/message-rules';

const wire = (
  id: string,
  rank: number,
  actions: MessageRuleWire['actions'],
  triggers: MessageRuleWire['triggers'] = {},
): MessageRuleWire => ({ id, event_template_id: 'ev', _rank: rank, actions, triggers });

const tickets = (adult: number, child: number): ChosenTickets[] => [
  { typeId: 't-adult', typeName: 'Adult', groupId: 'g-entry', groupName: 'Entry', quantity: adult },
  { typeId: 't-child', typeName: 'Child', groupId: 'g-entry', groupName: 'Entry', quantity: child },
];
const none: ChosenTickets[] = [];

describe('reading rules', () => {
  it('keeps the five actions, drops unknown ones and empty texts; a rule without text is none', () => {
    const rule = readMessageRule(
      wire('r', 2, { date_annotation: ' Late opening ', date_message: '', bogus: 'x' } as never),
    );
    expect(rule?.actions).toEqual({ date_annotation: 'Late opening' });
    expect(readMessageRule(wire('r', 0, {}))).toBeNull();
    expect(readMessageRule(null)).toBeNull();
    expect(readMessageRule({ actions: { date_message: 'x' } })).toBeNull();
    expect(MESSAGE_ACTIONS).toEqual([
      'date_annotation',
      'date_message',
      'session_annotation',
      'session_message',
      'quantity_message',
    ]);
  });

  it('reads weekdays as ISO numbers or English names; the quantity minimum defaults to 1', () => {
    const rule = readMessageRule(
      wire(
        'r',
        0,
        { date_message: 'x' },
        {
          dateOrSession: { weekdays: ['sat', 'Sunday', 3, 9, 'x'] },
          quantity: { ticket_type_names: ['Child'] },
        },
      ),
    );
    expect(rule?.dateOrSession?.weekdays).toEqual([3, 6, 7]);
    expect(rule?.quantity?.min).toBe(1);
    expect(rule?.quantity?.max).toBeNull();
  });

  it('orders by _rank, then id', () => {
    const rules = readMessageRules([
      wire('b', 1, { date_message: 'B' }),
      wire('a', 1, { date_message: 'A' }),
      wire('z', 0, { date_message: 'Z' }),
    ]);
    expect(rules.map((r) => r.id)).toEqual(['z', 'a', 'b']);
  });

  it('never throws on what the API might send', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const rule = readMessageRule(raw);
        if (rule) expect(Object.keys(rule.actions).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('where rules hold', () => {
  // 2026-11-21 is a Saturday, 2026-11-23 a Monday.
  it('knows the weekdays of days', () => {
    expect(isoWeekday('2026-11-21')).toBe(6);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
  });

  const rules = readMessageRules([
    wire(
      'weekend',
      0,
      { date_annotation: 'Weekend', date_message: 'Weekend tours' },
      {
        dateOrSession: { weekdays: [6, 7] },
      },
    ),
    wire(
      'december',
      1,
      { date_annotation: 'Winter lights', date_message: 'Winter lights in the garden' },
      {
        dateOrSession: { dateInterval: { start: '2026-11-22', end: '2026-12-31' } },
      },
    ),
    wire(
      'morning',
      2,
      { session_annotation: 'Quiet', session_message: 'Mornings are quiet' },
      {
        dateOrSession: { time_of_day: { start: '09:00', end: '12:00' } },
      },
    ),
    wire(
      'children',
      3,
      { quantity_message: 'Children must be with an adult' },
      {
        quantity: { ticket_type_names: ['child'] },
      },
    ),
    wire(
      'group',
      4,
      { quantity_message: 'Group rates' },
      { quantity: { ticket_group_ids: ['g-entry'], min: 10 } },
    ),
    wire(
      'pair',
      5,
      { quantity_message: 'Two adults' },
      { quantity: { ticket_type_ids: ['t-adult'], min: 2, max: 2 } },
    ),
  ]);

  it('date actions: weekdays and the date interval (both ends included); the first by rank annotates', () => {
    const at = (date: string) => ({ date, minutes: null, tickets: none });
    expect(ruleAnnotation(rules, 'date_annotation', at('2026-11-21'))).toBe('Weekend');
    expect(ruleTexts(rules, 'date_message', at('2026-11-22'))).toEqual([
      'Weekend tours',
      'Winter lights in the garden',
    ]);
    expect(ruleAnnotation(rules, 'date_annotation', at('2026-11-23'))).toBe('Winter lights');
    expect(ruleAnnotation(rules, 'date_annotation', at('2026-11-20'))).toBeNull();
    expect(ruleTexts(rules, 'date_message', at('2026-12-31'))).toEqual(['Winter lights in the garden']);
    expect(ruleTexts(rules, 'date_message', at('2027-01-01'))).toEqual([]);
  });

  it('session actions: the time of day in the venue zone, start included and end excluded', () => {
    const tz = 'America/New_York';
    // 9:00 AM and 12:00 PM in New York (UTC-5 in November).
    expect(ruleAnnotation(rules, 'session_annotation', sessionScope('2026-11-23T14:00:00Z', tz, none))).toBe(
      'Quiet',
    );
    expect(ruleAnnotation(rules, 'session_annotation', sessionScope('2026-11-23T16:59:00Z', tz, none))).toBe(
      'Quiet',
    );
    expect(
      ruleAnnotation(rules, 'session_annotation', sessionScope('2026-11-23T17:00:00Z', tz, none)),
    ).toBeNull();
    expect(ruleTexts(rules, 'session_message', sessionScope('2026-11-23T13:59:00Z', tz, none))).toEqual([]);
    // Without a time (a day only), a time-of-day trigger does not hold.
    expect(ruleTexts(rules, 'session_message', { date: '2026-11-23', minutes: null, tickets: none })).toEqual(
      [],
    );
  });

  it('quantity actions: the named types or groups counted, by name case-insensitively, from min to max', () => {
    const at = (adult: number, child: number) => ({
      date: null,
      minutes: null,
      tickets: tickets(adult, child),
    });
    expect(ruleTexts(rules, 'quantity_message', at(1, 0))).toEqual([]);
    expect(ruleTexts(rules, 'quantity_message', at(1, 1))).toEqual(['Children must be with an adult']);
    expect(ruleTexts(rules, 'quantity_message', at(2, 0))).toEqual(['Two adults']);
    expect(ruleTexts(rules, 'quantity_message', at(3, 0))).toEqual([]);
    expect(ruleTexts(rules, 'quantity_message', at(2, 8))).toEqual([
      'Children must be with an adult',
      'Group rates',
      'Two adults',
    ]);
  });

  it('every trigger a rule has must hold; a date trigger needs a chosen day', () => {
    const both = readMessageRules([
      wire(
        'x',
        0,
        { quantity_message: 'Weekend families' },
        {
          dateOrSession: { weekdays: ['saturday', 'sunday'] },
          quantity: { ticket_type_names: ['Child'], min: 2 },
        },
      ),
    ]);
    const q = (date: string | null, child: number) =>
      ruleTexts(both, 'quantity_message', { date, minutes: null, tickets: tickets(1, child) });
    expect(q('2026-11-21', 2)).toEqual(['Weekend families']);
    expect(q('2026-11-21', 1)).toEqual([]);
    expect(q('2026-11-23', 2)).toEqual([]);
    expect(q(null, 2)).toEqual([]);
  });

  it('properties: texts come by rank, each once; the annotation is the first text; a rule without triggers always holds', () => {
    const action = fc.constantFrom(...MESSAGE_ACTIONS);
    const ruleArb = fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      rank: fc.integer({ min: -3, max: 3 }),
      text: fc.constantFrom('A', 'B', 'C'),
      min: fc.option(fc.integer({ min: 0, max: 5 })),
      max: fc.option(fc.integer({ min: 0, max: 5 })),
      withQuantity: fc.boolean(),
      action,
    });
    fc.assert(
      fc.property(
        fc.array(ruleArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 6 }),
        action,
        (specs, n, asked) => {
          const rules = readMessageRules(
            specs.map((s) =>
              wire(
                s.id,
                s.rank,
                { [s.action]: s.text },
                s.withQuantity ? { quantity: { min: s.min, max: s.max } } : {},
              ),
            ),
          );
          const scope = { date: '2026-11-21', minutes: 600, tickets: tickets(n, 0) };
          const texts = ruleTexts(rules, asked, scope);
          expect(new Set(texts).size).toBe(texts.length);
          const expected: string[] = [];
          for (const r of rules) {
            const t = r.actions[asked];
            const q = r.quantity;
            const holds = !q || (n >= q.min && (q.max === null || n <= q.max));
            if (t !== undefined && holds && !expected.includes(t)) expected.push(t);
          }
          expect(texts).toEqual(expected);
          if (asked === 'date_annotation' || asked === 'session_annotation')
            expect(ruleAnnotation(rules, asked, scope)).toBe(texts[0] ?? null);
        },
      ),
    );
  });
});
