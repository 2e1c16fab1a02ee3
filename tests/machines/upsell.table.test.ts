/**
 * The upsell chain held to its independent transition table (issue 29, ./upsell.table.ts, written from spec 1
 * §2, §4, §9 and spec 3 §2): every state × world × event sample, the start from what was stored, and the
 * `expresscheckout` flag words.
 */
import { describe, expect, it } from 'vitest';
import { isEventRoute } from '../../machines/upsell/query';
import { expressCheckoutFrom } from '../../machines/upsell/rules';
import { upsellMachine } from '../../machines/upsell/upsell.machine';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';
import { events, table, worlds } from './upsell.table';

describe('upsell chain held to its transition table (spec 1 §2, §4, §9; spec 3 §2)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(upsellMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls (persist, navigation) are the table’s', () => {
    expect(expectTable({ machine: upsellMachine, table, worlds, events })).toBeGreaterThan(300);
  });

  it('starts loading the configuration with what was stored, or nothing', () => {
    const chain = worlds[2]?.context.chain ?? null;
    const stored = { stored: { chain, expressCheckout: true } };
    expect(actualInitial(upsellMachine, stored)).toEqual(
      expectedInitial(table, { config: null, chain, expressCheckout: true }),
    );
    expect(actualInitial(upsellMachine, { stored: null })).toEqual(
      expectedInitial(table, { config: null, chain: null, expressCheckout: false }),
    );
  });

  it('reads ?expresscheckout on for every flag word of spec 1 §5, any case, around spaces; off otherwise', () => {
    for (const word of ['', '1', 'on', 'enabled', 'true', 't', 'yes', 'y', ' YES ', 'On'])
      expect(expressCheckoutFrom(`expresscheckout=${encodeURIComponent(word)}`), word).toBe(true);
    for (const word of ['0', 'off', 'no', 'false', 'n', 'yess'])
      expect(expressCheckoutFrom(`expresscheckout=${word}`), word).toBe(false);
  });

  it('the chain lives on the event routes only: /events and /events/{id}[/{action}] (spec 3 §2)', () => {
    for (const path of ['/events', '/events/', '/events/ev-1', '/events/ev-1/reserve'])
      expect(isEventRoute(path), path).toBe(true);
    for (const path of ['/', '/checkout', '/eventsx', '/my/events/ev-1', '/membership', ''])
      expect(isEventRoute(path), path).toBe(false);
  });
});
