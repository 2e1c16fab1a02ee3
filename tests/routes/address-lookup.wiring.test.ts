/**
 * The address lookup's wiring (routes/checkout/address-wiring.ts): `find` calls the lookup port's Find with the
 * machine's input and the call's signal, `retrieve` its Retrieve with the id; the address picked goes to the
 * identity form field by field, the country first (a new country clears a state that is not its own).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { AddressSuggestion, RetrievedAddress } from '../../api/address';
import { provideAddressLookup } from '../../routes/checkout/address-wiring';

const ADDRESS: AddressSuggestion = { id: 'a-1', type: 'Address', text: '1 Main St', description: 'Town' };
const RETRIEVED: RetrievedAddress = {
  line1: '1 Main St',
  line2: 'Unit 2',
  city: 'Ottawa',
  province: 'ON',
  postalCode: 'K1A 0B1',
  countryIso2: 'CA',
};

describe('address lookup wiring', () => {
  it('finds with the country and trimmed text after the pause, retrieves the pick, fills the form country first', async () => {
    const lookup = {
      find: vi.fn(async (_input: unknown, _signal?: AbortSignal) => [ADDRESS]),
      retrieve: vi.fn(async (_id: string, _signal?: AbortSignal) => RETRIEVED),
    };
    const fields: [string, string][] = [];
    const machine = provideAddressLookup({
      lookup,
      fieldChange: (name, value) => fields.push([name, value]),
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { country: 'CAN', text: '' }, clock }).start();
    actor.send({ type: 'focus' });
    actor.send({ type: 'text.change', value: ' 1 Main ' });
    expect(lookup.find).not.toHaveBeenCalled();
    clock.increment(300);
    await waitFor(actor, (s) => s.context.suggestions.length === 1);
    expect(lookup.find).toHaveBeenCalledWith({ country: 'CAN', text: '1 Main' }, expect.any(AbortSignal));
    actor.send({ type: 'pick', index: 0 });
    await waitFor(actor, (s) => s.context.picked === '1 Main St');
    expect(lookup.retrieve).toHaveBeenCalledWith('a-1', expect.any(AbortSignal));
    expect(fields).toEqual([
      ['country', 'CA'],
      ['address', '1 Main St'],
      ['addressMore', 'Unit 2'],
      ['city', 'Ottawa'],
      ['state', 'ON'],
      ['zipCode', 'K1A 0B1'],
    ]);
    actor.stop();
  });

  it('a failed Find leaves manual entry and says so', async () => {
    const lookup = {
      find: vi.fn(async () => {
        throw new Error('Request not allowed from this IP');
      }),
      retrieve: vi.fn(),
    };
    const clock = new SimulatedClock();
    const actor = createActor(provideAddressLookup({ lookup, fieldChange: vi.fn() }), {
      input: { country: 'AUS', text: '' },
      clock,
    }).start();
    actor.send({ type: 'focus' });
    actor.send({ type: 'text.change', value: '1 George St' });
    clock.increment(300);
    await waitFor(actor, (s) => s.matches('manual'));
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'addressLookupFailed' });
    actor.stop();
  });
});
