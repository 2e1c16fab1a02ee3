/**
 * Register and edit profile on the server (issue 26): POST user and PUT my/user take the seller's custom
 * identity fields (config row identity_form: the demo asks phone, country, the state where the country has
 * states, and the zip code), check them with the storefront's rule and keep them as the identity's meta; a
 * member's profile is only ever their own; saving the profile with the unchanged email mails no new link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers';
import { browser, DEMO_MEMBERS, outbox, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const codeOf = (r: { body: { _data?: Array<{ _code: string; _context?: string }> } }) => r.body?._data?.[0];
const metaOf = (r: { body: { meta?: { _data: Array<{ key: string; value: string }> } } }) =>
  Object.fromEntries((r.body.meta?._data ?? []).map((m) => [m.key, m.value]));
const PASSWORD = 'Str0ng-pass';
let n = 0;
const unique = () => `account.form.${++n}@example.com`;

describe('POST user with the seller’s custom identity fields', () => {
  it('keeps the fields the form asks as identity meta, and a login reads them back', async () => {
    const b = browser(s);
    const email = unique();
    const r = await b.json('POST', 'user', {
      body: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        password: PASSWORD,
        phone: ' 555-0100 ',
        country: 'US',
        state: 'NY',
        zip_code: '10001',
        city: 'New York',
      },
    });
    expect(r.status).toBe(200);
    // Not asked by the seller's form: not kept.
    expect(metaOf(r)).toEqual({ phone: '555-0100', country: 'US', state: 'NY', zip_code: '10001' });
    const login = await passwordLogin(b, email, PASSWORD);
    expect(login.status).toBe(200);
    expect(metaOf(await b.json('GET', 'my/user', { query: { _embed: 'identity,identity.meta' } }))).toEqual({
      phone: '555-0100',
      country: 'US',
      state: 'NY',
      zip_code: '10001',
    });
  });

  it('refuses what the form does not accept, naming the field and never its value', async () => {
    const b = browser(s);
    const base = { first_name: 'Ann', last_name: 'Other', email: unique(), password: PASSWORD };
    const noState = await b.json('POST', 'user', { body: { ...base, country: 'US' } });
    expect(noState.status).toBe(400);
    expect(codeOf(noState)?._context).toBe('state');
    const badState = await b.json('POST', 'user', { body: { ...base, country: 'CA', state: 'NY' } });
    expect(badState.status).toBe(400);
    expect(codeOf(badState)?._context).toBe('state');
    const badZip = await b.json('POST', 'user', { body: { ...base, zip_code: '1' } });
    expect(badZip.status).toBe(400);
    const unknown = await b.json('POST', 'user', { body: { ...base, shoe_size: '9' } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify([noState.body, badState.body])).not.toContain(base.email);
    // A country without states needs none.
    expect((await b.json('POST', 'user', { body: { ...base, country: 'FR' } })).status).toBe(200);
  });
});

describe('PUT my/user: the member’s own profile', () => {
  it('saves the names and fields of the session’s account only; another account stays as it was', async () => {
    const a = browser(s);
    const other = browser(s);
    const ada = DEMO_MEMBERS.password;
    expect((await passwordLogin(a, ada.email)).status).toBe(200);
    const otherEmail = unique();
    await other.json('POST', 'user', {
      body: {
        first_name: 'Olga',
        last_name: 'Other',
        email: otherEmail,
        password: PASSWORD,
        phone: '555-0199',
      },
    });
    expect((await passwordLogin(other, otherEmail, PASSWORD)).status).toBe(200);
    const adaUser = (await a.json('GET', 'my/user')).body.user._data[0];

    // The other session's PUT changes the other account, whatever it names.
    const put = await other.json('PUT', 'my/user', {
      body: { first_name: 'Olga', last_name: 'Changed', email: otherEmail, phone: '555-0123', country: 'GB' },
    });
    expect(put.status).toBe(200);
    expect(put.body.user._data[0].id).not.toBe(adaUser.id);
    expect(metaOf(put)).toEqual({ phone: '555-0123', country: 'GB' });
    // Its PATCH of Ada's user id is refused as unknown.
    const patch = await other.json('PATCH', `my/user/${adaUser.id}`, { body: { last_name: 'Hijacked' } });
    expect(patch.status).toBe(404);
    const adaNow = await a.json('GET', 'my/user', { query: { _embed: 'identity,identity.meta' } });
    expect(adaNow.body.identity._data[0].last_name).toBe(ada.lastName);
    expect(metaOf(adaNow).phone).toBeUndefined();
    // Without a session: 401.
    expect(
      (
        await browser(s).json('PUT', 'my/user', {
          body: { first_name: 'X', last_name: 'Y', email: otherEmail },
        })
      ).status,
    ).toBe(401);
  });

  it('a field left empty is removed; the unchanged email mails no new link', async () => {
    const b = browser(s);
    const email = unique();
    await b.json('POST', 'user', {
      body: {
        first_name: 'Lin',
        last_name: 'Keep',
        email,
        password: PASSWORD,
        phone: '555-0100',
        zip_code: 'SW1A 1AA',
      },
    });
    expect((await passwordLogin(b, email, PASSWORD)).status).toBe(200);
    const mailsBefore = (await outbox(s)).filter((m) => m.to === email).length;
    const put = await b.json('PUT', 'my/user', {
      body: { first_name: 'Lin', last_name: 'Kept', email, zip_code: 'SW1A 1AA' },
    });
    expect(put.status).toBe(200);
    expect(metaOf(put)).toEqual({ zip_code: 'SW1A 1AA' });
    expect(put.body.identity._data[0].last_name).toBe('Kept');
    expect((await outbox(s)).filter((m) => m.to === email)).toHaveLength(mailsBefore);
  });
});
