// @vitest-environment jsdom
/**
 * The steppers' names: a type's controls say its group when another group on the form has a type of the same
 * name (The Tempest's Stalls and Balcony both sell Adult and Child), so no two controls share a name.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type QuantityGroupOption, TicketQuantities } from '../../ui/reserve/TicketQuantities';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();
const type = (id: string, name: string) => ({
  id,
  name,
  description: null,
  priceCents: 1000,
  quantity: 0,
  canIncrement: true,
  canDecrement: false,
});
const group = (id: string, name: string, types: QuantityGroupOption['types']): QuantityGroupOption => ({
  id,
  name,
  description: null,
  types,
});
const show = (groups: QuantityGroupOption[]) =>
  render(
    <TicketQuantities
      strings={strings}
      currency="USD"
      groups={groups}
      onIncrement={() => {}}
      onDecrement={() => {}}
    />,
  );
const names = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('TicketQuantities control names', () => {
  it('name the group where a type name repeats across groups, and only there', () => {
    show([
      group('stalls', 'Stalls', [type('s-a', 'Adult'), type('s-c', 'Child')]),
      group('balcony', 'Balcony', [type('b-a', 'Adult'), type('b-s', 'Senior')]),
    ]);
    expect(names()).toEqual([
      'Remove one Adult (Stalls)',
      'Add one Adult (Stalls)',
      'Remove one Child',
      'Add one Child',
      'Remove one Adult (Balcony)',
      'Add one Adult (Balcony)',
      'Remove one Senior',
      'Add one Senior',
    ]);
    expect(new Set(names()).size).toBe(names().length);
    expect(screen.getByRole('status', { name: 'Adult (Balcony) quantity' })).toBeTruthy();
  });

  it('keep the type name alone when names are unique', () => {
    show([group('g', 'General', [type('a', 'Adult'), type('c', 'Child')])]);
    expect(names()).toEqual(['Remove one Adult', 'Add one Adult', 'Remove one Child', 'Add one Child']);
  });
});
