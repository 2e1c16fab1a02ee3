/**
 * The address lookup of the reference server (spec 1 §4 "Address input", §7, §8, §9): Find and Retrieve in the
 * shape of Loqate's API from the sandbox provider, for the spec's five countries; a container found is found into;
 * an unknown id is an error item; input validated (400), limited per client address (429), never cached publicly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

type Items = { Items: Record<string, string>[] };
const find = (query: Record<string, string>) => s.json('GET', 'address/find', { query });

describe('address lookup', () => {
  it('finds, drills into a container, retrieves the address lines', async () => {
    const found = await find({ country: 'USA', text: '1 museum' });
    expect(found.status).toBe(200);
    expect(found.res.headers.get('cache-control')).toContain('no-store');
    const items = (found.body as Items).Items;
    expect(items.map((i) => [i.Type, i.Text])).toEqual([
      ['BuildingNumber', '1 Museum Way'],
      ['Address', '1 Museum Way'],
    ]);
    expect(items[0]).toMatchObject({ Id: 'US|C1', Description: 'Springfield, IL 62701 - 3 Addresses' });
    const inside = await find({ country: 'USA', text: '1 museum', container: 'US|C1' });
    const flats = (inside.body as Items).Items;
    expect(flats).toHaveLength(3);
    expect(flats.every((f) => f.Type === 'Address')).toBe(true);
    const got = await s.json('GET', 'address/retrieve', { query: { id: flats[1]?.Id ?? '' } });
    expect((got.body as Items).Items).toEqual([
      expect.objectContaining({
        Line1: '1 Museum Way',
        Line2: 'Apt 2',
        City: 'Springfield',
        ProvinceCode: 'IL',
        PostalCode: '62701',
        CountryIso2: 'US',
      }),
    ]);
    // Each of the spec's countries has addresses; another country is not looked up.
    for (const [country, text] of [
      ['GBR', 'downing'],
      ['CAN', 'wellington ottawa'],
      ['AUS', 'bennelong'],
      ['NZL', 'cable street'],
    ] as const)
      expect((await find({ country, text })).body, country).toMatchObject({
        Items: [expect.objectContaining({ Type: 'Address' })],
      });
    expect((await find({ country: 'USA', text: 'downing' })).body).toEqual({ Items: [] });
  });

  it('answers an unknown id with an error item, and refuses bad input with 400', async () => {
    const got = await s.json('GET', 'address/retrieve', { query: { id: 'nope' } });
    expect(got.status).toBe(200);
    expect((got.body as Items).Items[0]).toMatchObject({ Error: '1001', Description: 'Id Invalid' });
    for (const query of [
      { country: 'FRA', text: 'rue' },
      { country: 'USA', text: '' },
      { country: 'USA', text: 'x'.repeat(201) },
      { country: 'USA', text: 'a', other: '1' },
      { country: 'USA', text: 'a\u0000' },
    ] as Record<string, string>[])
      expect((await find(query)).status, JSON.stringify(query)).toBe(400);
    expect((await s.json('GET', 'address/retrieve', { query: {} })).status).toBe(400);
  });

  it('limits lookups per client address', async () => {
    let status = 200;
    for (let i = 0; i < 125 && status === 200; i++)
      status = (await find({ country: 'NZL', text: 'cable' })).status;
    expect(status).toBe(429);
  });
});
