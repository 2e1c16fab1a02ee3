/**
 * The listing's view model (spec 1 §2 "Event listing") on snapshots of every state: the status, the cards after
 * the time filter, the category buttons only when more than one category exists (not on an upsell step), today
 * and tomorrow, the time filter's half-hour steps within the window (hidden for same_start and for fewer than two
 * steps), the empty state's clear link ('See all' for metadata filters) and an upsell step's visit day.
 */
import { describe, expect, it } from 'vitest';
import { listingMachine } from '../../machines/listing/listing.machine';
import type { ListingContext } from '../../machines/listing/types';
import { canClear, selectListingView } from '../../machines/listing/view';
import { listed } from '../../stories/fixtures/listing';
import { worlds } from './listing.table';

const ga = listed('ga', 'Admission', ['2026-11-22T15:00:00.000Z']); // 10:00 to 11:00 in New York
const tour = listed('tour', 'Guided Tours', ['2026-11-22T16:30:00.000Z']); // 11:30 to 12:30
const world = (name: string): ListingContext => {
  const found = worlds.find((w) => w.name.startsWith(name));
  if (!found) throw new Error(name);
  return found.context;
};
const view = (value: 'loading' | 'ready' | 'failed' | 'noAddOns', context: ListingContext) =>
  selectListingView(listingMachine.resolveState({ value, context }));

describe('listing view (spec 1 §2 "Event listing")', () => {
  const tomorrow = { ...world('a guest, tomorrow'), events: [ga, tour] };

  it('ready: the cards within the time filter, the filters with their choices, the steps of the day’s sessions', () => {
    expect(view('ready', tomorrow)).toEqual({
      status: 'ready',
      error: null,
      filters: tomorrow.filters,
      search: tomorrow.search,
      events: [tour],
      categories: { options: ['Admission', 'Guided Tours'], selected: null },
      dates: { options: ['today', 'tomorrow'], selected: 'tomorrow' },
      time: { steps: ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'], start: '11:30', end: '12:00' },
      timeSteps: ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'],
      empty: null,
      upsellStep: false,
      eventQuery: '',
    });
  });

  it('while loading, failed or going on: no cards, no steps, the error only when failed', () => {
    const error = { message: 'offline' };
    const base = { events: [], time: null, timeSteps: [], empty: null };
    expect(view('loading', { ...tomorrow, error })).toMatchObject({
      status: 'loading',
      error: null,
      ...base,
    });
    expect(view('failed', { ...tomorrow, error })).toMatchObject({ status: 'error', error, ...base });
    expect(view('noAddOns', { ...tomorrow, error })).toMatchObject({
      status: 'redirecting',
      error: null,
      ...base,
    });
  });

  it('same_start visits hide the time filter (its steps stay known); one step offers none', () => {
    expect(view('ready', { ...tomorrow, visitTime: 'same_start' })).toMatchObject({
      time: null,
      timeSteps: ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'],
    });
    const short = listed('short', 'Admission', ['2026-11-22T15:00:00.000Z']);
    short.sessions = [{ start: '2026-11-22T15:00:00.000Z', end: '2026-11-22T15:20:00.000Z' }];
    expect(
      view('ready', {
        ...tomorrow,
        filters: { ...tomorrow.filters, timeStart: null, timeEnd: null },
        events: [short],
      }),
    ).toMatchObject({
      time: null,
      timeSteps: ['10:00'],
    });
  });

  it('one category: no buttons; a time alone selects today', () => {
    expect(view('ready', { ...tomorrow, categories: ['Admission'] }).categories).toBeNull();
    expect(view('ready', world('a guest, a time alone')).dates).toEqual({
      options: ['today', 'tomorrow'],
      selected: 'today',
    });
    expect(view('ready', world('a guest, no filters')).dates?.selected).toBeNull();
  });

  it('nothing matches: the clear link keeps other keys; metadata filters read See all', () => {
    const meta = {
      ...world('a member, a metadata filter'),
      search: 'audience=family%2Call&inspect=1',
      error: null,
    };
    const empty = view('ready', meta);
    expect(empty.empty).toEqual({ clearSearch: 'inspect=1', seeAll: true });
    expect(canClear(empty)).toBe(true);
    const plain = view('ready', world('a guest, no filters'));
    expect(plain.empty).toEqual({ clearSearch: '', seeAll: false });
    expect(canClear(plain)).toBe(false);
    // Every filter alone can be cleared.
    const f = plain.filters;
    for (const filters of [
      { ...f, category: 'Shows' },
      { ...f, date: 'today' as const },
      { ...f, timeStart: '10:00', timeEnd: '11:00' },
      { ...f, meta: { audience: 'family' } },
    ])
      expect(canClear({ ...plain, filters }), JSON.stringify(filters)).toBe(true);
  });

  it('an upsell step: no category or date choice, the visit window’s steps, cards linked to the visit day', () => {
    const step = {
      ...world('an upsell step (tours)'),
      events: [tour],
      categories: ['Admission', 'Guided Tours'],
    };
    expect(view('ready', step)).toMatchObject({
      events: [tour],
      categories: null,
      dates: null,
      time: { steps: ['10:00', '10:30', '11:00', '11:30', '12:00'], start: null, end: null },
      upsellStep: true,
      eventQuery: 'date=2026-11-22',
    });
  });
});
