/**
 * The modal stack's rules and view model (spec 3 §2 "Modals", spec 1 §2 "Other widgets") against the spec's
 * presets and a plain restatement of the stack, for any stack (fast-check): what an open creates, the top's
 * dismissal, closing one, the top or all, the end of the transition, and what the view shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modalsMachine } from '../../machines/modals/modals.machine';
import {
  CLOSE_TRANSITION_MS,
  canDismissTop,
  DEFAULT_MODAL_SIZE,
  entryFor,
  hasName,
  isOpen,
  MODAL_PRESETS,
  markAllClosing,
  markClosing,
  markTopClosing,
  settle,
  topOf,
} from '../../machines/modals/rules';
import { MODAL_NAMES, MODAL_SIZES, type ModalEntry, type ModalName } from '../../machines/modals/types';
import { selectModal, selectModals } from '../../machines/modals/view';
import { SPEC_CLOSE_MS, SPEC_PRESET, specEntry } from './modals.table';

const name = fc.constantFrom(...MODAL_NAMES);
const size = fc.constantFrom(...MODAL_SIZES);
const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<ModalEntry['data']>;
const openEvent = fc.record(
  { type: fc.constant('modal.open' as const), name, size, closeable: fc.boolean(), data: json },
  { requiredKeys: ['type', 'name'] },
);
const entry: fc.Arbitrary<ModalEntry> = fc.record({
  name,
  size,
  closeable: fc.boolean(),
  closing: fc.boolean(),
  data: fc.option(json, { nil: null }),
});
const stack = fc.array(entry, { maxLength: 6 });

describe('modal rules (spec 3 §2 "Modals")', () => {
  it('the spec constants: a 200 ms close transition, lg by default', () => {
    expect(CLOSE_TRANSITION_MS).toBe(SPEC_CLOSE_MS);
    expect(DEFAULT_MODAL_SIZE).toBe('lg');
  });

  it('an open creates the preset, the opener’s size and closeable winning but for the cart-expiry modal', () => {
    expect(Object.keys(MODAL_PRESETS).sort()).toEqual([...MODAL_NAMES].sort());
    for (const n of MODAL_NAMES)
      expect(entryFor({ type: 'modal.open', name: n }), n).toEqual(
        specEntry({ type: 'modal.open', name: n }),
      );
    fc.assert(
      fc.property(openEvent, (e) => {
        expect(entryFor(e)).toEqual(specEntry(e));
      }),
    );
    expect(entryFor({ type: 'modal.open', name: 'cartExpiry', size: 'lg', closeable: true })).toMatchObject({
      size: 'sm',
      closeable: false,
    });
    expect(SPEC_PRESET.cartExpiry).toEqual({ size: 'sm', closeable: false, fixed: true });
  });

  it('the top is the last entry; it is dismissed only when closeable and not already closing', () => {
    fc.assert(
      fc.property(stack, (s) => {
        const last = s[s.length - 1];
        expect(topOf(s)).toBe(last ?? null);
        expect(canDismissTop(s)).toBe(last?.closeable === true && !last.closing);
      }),
    );
  });

  it('a name is in the stack whatever its state, open only when not closing', () => {
    fc.assert(
      fc.property(stack, name, (s, n) => {
        expect(hasName(s, n)).toBe(s.filter((m) => m.name === n).length > 0);
        expect(isOpen(s, n)).toBe(s.filter((m) => m.name === n && !m.closing).length > 0);
      }),
    );
  });

  it('closing marks only what it names (that name, the top, or all) and keeps the order', () => {
    fc.assert(
      fc.property(stack, name, (s, n) => {
        expect(markClosing(s, n)).toEqual(s.map((m) => (m.name === n ? { ...m, closing: true } : m)));
        expect(markTopClosing(s)).toEqual(
          s.map((m, i) => (i === s.length - 1 ? { ...m, closing: true } : m)),
        );
        expect(markAllClosing(s)).toEqual(s.map((m) => ({ ...m, closing: true })));
      }),
    );
  });

  it('the end of the transition: the closing ones leave, the waiting ones go on top in order', () => {
    fc.assert(
      fc.property(stack, stack, (s, waiting) => {
        expect(settle(s, waiting)).toEqual([...s.filter((m) => !m.closing), ...waiting]);
      }),
    );
  });
});

describe('modal view', () => {
  const snapshotOf = (s: ModalEntry[]) =>
    modalsMachine.resolveState({
      value: s.length === 0 ? 'closed' : s.some((m) => m.closing) ? 'closing' : 'open',
      context: { stack: s, deferred: [] },
    });

  it('lists the stack bottom to top, the last on top; open names exclude closing ones; the page is inert while any is shown', () => {
    fc.assert(
      fc.property(stack, (s) => {
        const view = selectModals(snapshotOf(s));
        expect(view).toEqual({
          modals: s.map((m, i) => ({ ...m, top: i === s.length - 1 })),
          top: s.length > 0 ? (s[s.length - 1] as ModalEntry).name : null,
          open: s.filter((m) => !m.closing).map((m) => m.name),
          pageInert: s.length > 0,
          closing: s.some((m) => m.closing),
        });
      }),
    );
  });

  it('one named modal: the first of that name, or null when it is not shown', () => {
    fc.assert(
      fc.property(stack, name, (s, n: ModalName) => {
        const i = s.findIndex((m) => m.name === n);
        const expected = i < 0 ? null : { ...(s[i] as ModalEntry), top: i === s.length - 1 };
        expect(selectModal(snapshotOf(s), n)).toEqual(expected);
      }),
    );
  });

  it('the same context gives the same view object', () => {
    const snap = snapshotOf([specEntry({ type: 'modal.open', name: 'terms' })]);
    expect(selectModals(snap)).toBe(selectModals(snap));
  });
});
