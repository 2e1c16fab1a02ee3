/**
 * Wiring of the address lookup (machines/addressLookup): `find` and `retrieve` are the lookup port's calls
 * (api/address.ts: Find by country and text or into a container, Retrieve by id); the address picked goes to the
 * identity form field by field, the country first (a new country clears a state that is not its own).
 */
import type { AddressLookup } from '../../api/address';
import { addressLookupMachine } from '../../machines/addressLookup/addressLookup.machine';
import type { IdentityField } from '../../ui/checkout/CheckoutView';
import { fromPromise } from '../actors';

export interface AddressLookupWiring {
  lookup: Pick<AddressLookup, 'find' | 'retrieve'>;
  /** Sets one field of the identity form (the checkout machine's field.change). */
  fieldChange: (name: IdentityField, value: string) => void;
}

export function provideAddressLookup({ lookup, fieldChange }: AddressLookupWiring) {
  return addressLookupMachine.provide({
    actors: {
      find: fromPromise(({ input, signal }) => lookup.find(input, signal)),
      retrieve: fromPromise(({ input, signal }) => lookup.retrieve(input.id, signal)),
    },
    actions: {
      addressPicked: (_, { address }) => {
        fieldChange('country', address.countryIso2);
        fieldChange('address', address.line1);
        fieldChange('addressMore', address.line2);
        fieldChange('city', address.city);
        fieldChange('state', address.province);
        fieldChange('zipCode', address.postalCode);
      },
    },
  });
}
