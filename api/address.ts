/**
 * The address lookup port (spec 1 §4 "Address input", §7 "Address lookup", §8): Find by country and text, or
 * into a container; Retrieve by id; in the shape of Loqate's Capture Interactive API, which the reference server's
 * sandbox answers too. Answers are parsed with zod at the boundary; an error item (Loqate's `Error`) or a failed
 * call rejects with its description, so the form switches to manual entry (spec 1 §8).
 */
import * as z from 'zod/mini';
import type { LookupCountry } from '../domain/identity-form';
import type { Api } from './index';
import type { AddressSuggestion, RetrievedAddress } from './models';

export type { AddressSuggestion, RetrievedAddress } from './models';

const errorItem = z.object({ Error: z.string(), Description: z.optional(z.string()) });
const findItem = z.object({ Id: z.string(), Type: z.string(), Text: z.string(), Description: z.string() });
const retrieveItem = z.object({
  Line1: z.string(),
  Line2: z.optional(z.string()),
  City: z.string(),
  ProvinceCode: z.optional(z.string()),
  PostalCode: z.string(),
  CountryIso2: z.string(),
});
const items = z.object({ Items: z.array(z.unknown()) });

/** Loqate's error item, thrown as an Error with its description. */
function checked(raw: unknown): unknown[] {
  const list = z.parse(items, raw).Items;
  const error = list.map((i) => z.safeParse(errorItem, i)).find((r) => r.success);
  if (error?.success) throw new Error(error.data.Description ?? `Address lookup error ${error.data.Error}`);
  return list;
}

export function addressLookup(api: Pick<Api, 'request'>) {
  return {
    /** Find: suggestions for the text in the country, or the addresses of a container. */
    async find(
      input: { country: LookupCountry; text: string; container?: string },
      signal?: AbortSignal,
    ): Promise<AddressSuggestion[]> {
      const query: Record<string, string> = { country: input.country, text: input.text };
      if (input.container) query.container = input.container;
      const raw = await api.request('GET', 'address/find', { query, signal });
      return checked(raw).map((i) => {
        const item = z.parse(findItem, i);
        return { id: item.Id, type: item.Type, text: item.Text, description: item.Description };
      });
    },
    /** Retrieve: the address lines of an address suggestion. */
    async retrieve(id: string, signal?: AbortSignal): Promise<RetrievedAddress> {
      const raw = await api.request('GET', 'address/retrieve', { query: { id }, signal });
      const item = z.parse(retrieveItem, checked(raw)[0]);
      return {
        line1: item.Line1,
        line2: item.Line2 ?? '',
        city: item.City,
        province: item.ProvinceCode ?? '',
        postalCode: item.PostalCode,
        countryIso2: item.CountryIso2,
      };
    },
  };
}
export type AddressLookup = ReturnType<typeof addressLookup>;
