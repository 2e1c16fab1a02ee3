/**
 * The sandbox address lookup (DESIGN "Ports with real adapters and a sandbox"; spec 1 §4 "Address input", §7
 * "Address lookup", §9): a small fixed set of addresses in the spec's countries (USA, GBR, CAN, AUS, NZL),
 * answered in the shape of Loqate's Capture Interactive API, so the storefront's lookup port reads the real service
 * and this one alike:
 * - Find (text, country, optional container): `Items` of `{ Id, Type, Text, Highlight, Description }`, Type
 *   'Address' for an address, any other type (here 'BuildingNumber', 'Street') a container to Find into again;
 * - Retrieve (id): `Items` of one address `{ Id, Line1, Line2, City, ProvinceCode, ProvinceName, PostalCode,
 *   CountryIso2, CountryIso3, Label }`;
 * - an error as Loqate answers one: `Items: [{ Error, Description, Cause, Resolution }]`.
 * Nothing of a visitor's text is stored or logged.
 */

export interface SandboxAddress {
  id: string;
  line1: string;
  line2: string;
  city: string;
  province: string;
  provinceName: string;
  postalCode: string;
  iso2: string;
  iso3: string;
}

/** Containers: a building of several flats, listed with Find `container`. */
interface Container {
  id: string;
  type: 'BuildingNumber';
  text: string;
  description: string;
  iso3: string;
  addresses: SandboxAddress[];
}

const a = (
  id: string,
  line1: string,
  line2: string,
  city: string,
  province: string,
  provinceName: string,
  postalCode: string,
  iso2: string,
  iso3: string,
): SandboxAddress => ({ id, line1, line2, city, province, provinceName, postalCode, iso2, iso3 });

export const SANDBOX_ADDRESSES: SandboxAddress[] = [
  a('US|1', '1600 Pennsylvania Ave NW', '', 'Washington', 'DC', 'District of Columbia', '20500', 'US', 'USA'),
  a('US|2', '350 Fifth Avenue', '', 'New York', 'NY', 'New York', '10118', 'US', 'USA'),
  a('US|3', '1 Museum Way', '', 'Springfield', 'IL', 'Illinois', '62701', 'US', 'USA'),
  a('GB|1', '10 Downing Street', '', 'London', '', 'London', 'SW1A 2AA', 'GB', 'GBR'),
  a('GB|2', 'Great Russell Street', '', 'London', '', 'London', 'WC1B 3DG', 'GB', 'GBR'),
  a('CA|1', '111 Wellington Street', '', 'Ottawa', 'ON', 'Ontario', 'K1A 0A9', 'CA', 'CAN'),
  a('CA|2', '1380 Sherbrooke Street West', '', 'Montreal', 'QC', 'Quebec', 'H3G 1J5', 'CA', 'CAN'),
  a('AU|1', 'Bennelong Point', '', 'Sydney', 'NSW', 'New South Wales', '2000', 'AU', 'AUS'),
  a('NZ|1', '55 Cable Street', '', 'Wellington', '', 'Wellington', '6011', 'NZ', 'NZL'),
];

const CONTAINERS: Container[] = [
  {
    id: 'US|C1',
    type: 'BuildingNumber',
    text: '1 Museum Way',
    description: 'Springfield, IL 62701 - 3 Addresses',
    iso3: 'USA',
    addresses: [
      a('US|C1|1', '1 Museum Way', 'Apt 1', 'Springfield', 'IL', 'Illinois', '62701', 'US', 'USA'),
      a('US|C1|2', '1 Museum Way', 'Apt 2', 'Springfield', 'IL', 'Illinois', '62701', 'US', 'USA'),
      a('US|C1|3', '1 Museum Way', 'Apt 3', 'Springfield', 'IL', 'Illinois', '62701', 'US', 'USA'),
    ],
  },
];

export interface FindItem {
  Id: string;
  Type: string;
  Text: string;
  Highlight: string;
  Description: string;
}
export interface RetrieveItem {
  Id: string;
  Line1: string;
  Line2: string;
  City: string;
  ProvinceCode: string;
  ProvinceName: string;
  PostalCode: string;
  CountryIso2: string;
  CountryIso3: string;
  Label: string;
}
export interface ErrorItem {
  Error: string;
  Description: string;
  Cause: string;
  Resolution: string;
}

const describe = (x: SandboxAddress) =>
  [x.city, `${x.province} ${x.postalCode}`.trim()].filter(Boolean).join(', ');
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
const matches = (haystack: string, text: string) => {
  const h = haystack.toLowerCase();
  return words(text).every((w) => h.includes(w));
};

/** The sandbox's Find: a container's addresses, or what matches every word of the text in the country. */
export function sandboxFind(country: string, text: string, container?: string): FindItem[] {
  if (container) {
    const c = CONTAINERS.find((x) => x.id === container);
    return (c?.addresses ?? []).map((x) => ({
      Id: x.id,
      Type: 'Address',
      Text: `${x.line1}, ${x.line2}`,
      Highlight: '',
      Description: describe(x),
    }));
  }
  const containers = CONTAINERS.filter(
    (c) => c.iso3 === country && matches(`${c.text} ${c.description}`, text),
  ).map((c) => ({ Id: c.id, Type: c.type, Text: c.text, Highlight: '', Description: c.description }));
  const addresses = SANDBOX_ADDRESSES.filter(
    (x) => x.iso3 === country && matches(`${x.line1} ${describe(x)}`, text),
  ).map((x) => ({ Id: x.id, Type: 'Address', Text: x.line1, Highlight: '', Description: describe(x) }));
  return [...containers, ...addresses].slice(0, 10);
}

/** The sandbox's Retrieve: one address by id; an unknown id is Loqate's error 1001-style item. */
export function sandboxRetrieve(id: string): RetrieveItem[] | ErrorItem[] {
  const x = [...SANDBOX_ADDRESSES, ...CONTAINERS.flatMap((c) => c.addresses)].find((y) => y.id === id);
  if (!x)
    return [
      {
        Error: '1001',
        Description: 'Id Invalid',
        Cause: 'The Id parameter supplied was invalid.',
        Resolution: 'Try again, using only IDs from the Find services.',
      },
    ];
  return [
    {
      Id: x.id,
      Line1: x.line1,
      Line2: x.line2,
      City: x.city,
      ProvinceCode: x.province,
      ProvinceName: x.provinceName,
      PostalCode: x.postalCode,
      CountryIso2: x.iso2,
      CountryIso3: x.iso3,
      Label: [x.line1, x.line2, describe(x)].filter(Boolean).join('\n'),
    },
  ];
}
