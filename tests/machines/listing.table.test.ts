/**
 * The event listing held to its independent transition table (issue 29, ./listing.table.ts, written from spec 1
 * §2 "Event listing" and §7): every state × world × event sample, and the start from the route's query.
 */
import { describe, expect, it } from 'vitest';
import { listingMachine } from '../../machines/listing/listing.machine';
import type { ListingInput } from '../../machines/listing/types';
import { events, QUERIES, table, worlds } from './listing.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('event listing held to its transition table (spec 1 §2, §7)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(listingMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: listingMachine, table, worlds, events })).toBeGreaterThan(200);
  });

  it('starts loading what the route’s query asks, in every scope', () => {
    for (const { context } of worlds) {
      const input: ListingInput = {
        search: context.search,
        scope: context.scope,
        visitTime: context.visitTime,
      };
      expect(actualInitial(listingMachine, input), context.search).toEqual(
        expectedInitial(table, { ...context, events: [], categories: [], error: null }),
      );
    }
    for (const search of Object.keys(QUERIES)) {
      const scope = worlds[0]?.context.scope;
      if (!scope) throw new Error('no world');
      const { filters, request } = QUERIES[search] as (typeof QUERIES)[string];
      expect(actualInitial(listingMachine, { search, scope, visitTime: null }), search).toEqual(
        expectedInitial(table, {
          search,
          filters,
          scope,
          visitTime: null,
          request,
          events: [],
          categories: [],
          error: null,
        }),
      );
    }
  });
});
