/**
 * The identity form as the seller configures it (spec 1 §3 meta identity_form, §5; spec 2 §3, §5; spec 3 §3, §5):
 * the one rule (domain/identity-form.ts), the checkout's validation and purchaser built on it, and the cart join
 * that reads the configuration and the stored purchaser.
 */
import { describe, expect, it } from 'vitest';
import { toCart } from '../../api/join-cart';
import { isEmail } from '../../domain/email';
import {
  identityFormErrors,
  identityFormFields,
  identityFormPayload,
  parseIdentityForm,
} from '../../domain/identity-form';
import * as places from '../../domain/places';
import { cartPrefill, changedValues, purchaserOf, validateCheckout } from '../../machines/checkout/rules';
import { identityFieldViews } from '../../machines/checkout/view';

const ADDRESS_FORM = parseIdentityForm(
  JSON.stringify([
    { key: 'phone', required: 'yes' },
    { key: 'country', required: true },
    { key: 'address', required: true },
    { key: 'address_more', disabled: true },
    { key: 'city' },
    { key: 'state', required: true },
    { key: 'zip_code' },
    { key: 'nickname', required: true },
  ]),
);
const ADA = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  emailConfirm: 'ADA@example.com',
};
const shown = { identityFormShown: true, termsShown: false };

describe('the identity form rule', () => {
  it('reads the meta value: known keys, flag words, an object of options by key; unknown keys dropped', () => {
    expect(ADDRESS_FORM.map((o) => o.key)).toEqual([
      'phone',
      'country',
      'address',
      'address_more',
      'city',
      'state',
      'zip_code',
    ]);
    expect(ADDRESS_FORM[0]).toEqual({ key: 'phone', required: true });
    expect(parseIdentityForm('{"city":{"required":"on"}}')).toEqual([{ key: 'city', required: true }]);
    expect(parseIdentityForm('not json')).toEqual([]);
  });

  it('defaults to the names and email; configured fields follow in the form order, core fields stay required', () => {
    expect(identityFormFields([]).map((f) => [f.key, f.required])).toEqual([
      ['first_name', true],
      ['last_name', true],
      ['email', true],
      ['email_confirm', false],
    ]);
    const fields = identityFormFields([
      [{ key: 'zip_code' }, { key: 'email', required: false }],
      [{ key: 'state' }],
    ]);
    // A state brings its country (its subdivisions depend on it).
    expect(fields.map((f) => f.key)).toEqual([
      'first_name',
      'last_name',
      'email',
      'email_confirm',
      'country',
      'state',
      'zip_code',
    ]);
    expect(fields.find((f) => f.key === 'email')?.required).toBe(true);
    // Required when one event requires it; hidden when one hides it.
    const merged = identityFormFields([
      [{ key: 'phone' }],
      [{ key: 'phone', required: true }, { key: 'city' }],
      [{ key: 'city', hidden: true }],
    ]);
    expect(merged.map((f) => [f.key, f.required])).toContainEqual(['phone', true]);
    expect(merged.some((f) => f.key === 'city')).toBe(false);
  });

  it('validates: required, state only where the country has states, subdivisions, zip, mustEqual, options', () => {
    const fields = identityFormFields([ADDRESS_FORM]);
    const base = { first_name: 'A', last_name: 'B', email: 'a@b.co', email_confirm: 'A@B.CO' };
    expect(identityFormErrors(fields, base, isEmail)).toEqual({
      phone: { key: 'required' },
      country: { key: 'required' },
      address: { key: 'required' },
    });
    const gb = { ...base, phone: '1', country: 'GB', address: '10 Downing St' };
    expect(identityFormErrors(fields, gb, isEmail)).toEqual({});
    expect(identityFormErrors(fields, { ...gb, country: 'US' }, isEmail)).toEqual({
      state: { key: 'required' },
    });
    expect(identityFormErrors(fields, { ...gb, country: 'US', state: 'ON' }, isEmail, places)).toEqual({
      state: { key: 'notAnOption' },
    });
    expect(identityFormErrors(fields, { ...gb, country: 'CA', state: 'ON' }, isEmail)).toEqual({});
    expect(identityFormErrors(fields, { ...gb, country: 'XX' }, isEmail, places)).toEqual({
      country: { key: 'notAnOption' },
    });
    for (const zip of ['SW1A 2AA', '90210', 'K1A-0B1'])
      expect(identityFormErrors(fields, { ...gb, zip_code: zip }, isEmail)).toEqual({});
    for (const zip of ['123', 'SW1A  2AA', '12345678901', '90210!'])
      expect(identityFormErrors(fields, { ...gb, zip_code: zip }, isEmail), zip).toEqual({
        zip_code: { key: 'zipInvalid' },
      });
    expect(identityFormErrors(fields, { ...gb, email_confirm: 'x@b.co' }, isEmail)).toEqual({
      email_confirm: { key: 'MustMatch', name: 'email' },
    });
    // A disabled field is not checked and not sent; a field bound to another is not sent.
    expect(identityFormErrors(fields, { ...gb, address_more: 'x'.repeat(2000) }, isEmail)).toEqual({});
    expect(identityFormPayload(fields, { ...gb, address_more: 'Flat 2', city: ' London ' })).toEqual({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      phone: '1',
      country: 'GB',
      address: '10 Downing St',
      city: 'London',
    });
    const choice = identityFormFields([[{ key: 'city', options: ['Paris', 'Rome'] }]]);
    expect(identityFormErrors(choice, { ...base, city: 'Oslo' }, isEmail)).toEqual({
      city: { key: 'notAnOption' },
    });
  });
});

describe('the checkout form on it', () => {
  const cart = { identityForm: ADDRESS_FORM };
  it('says what is missing with the field messages, a province for Canada', () => {
    expect(validateCheckout(ADA, false, { ...shown, cart })).toEqual({
      phone: { key: 'phoneRequired' },
      country: { key: 'countryRequired' },
      address: { key: 'addressRequired' },
    });
    const ca = { ...ADA, phone: '555', country: 'CA', address: '1 Main St', zipCode: '1' };
    expect(validateCheckout(ca, false, { ...shown, cart })).toEqual({
      state: { key: 'provinceRequired' },
      zipCode: { key: 'zipCodeInvalid' },
    });
    // Without a configuration, the names and email only (the default form).
    expect(validateCheckout(ADA, false, shown)).toEqual({});
  });

  it('stores the purchaser with the fields shown, trimmed, without the disabled ones', () => {
    const values = {
      ...ADA,
      phone: ' 555 0100 ',
      country: 'US',
      address: '1 Main St',
      addressMore: 'Apt 2',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    };
    expect(purchaserOf(values, identityFormFields([ADDRESS_FORM]))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      details: {
        phone: '555 0100',
        country: 'US',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
      },
    });
    // The default form sends no details.
    expect(purchaserOf(values, identityFormFields([]))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
  });

  it('a new country drops a state that is not its own', () => {
    const us = { ...ADA, country: 'US', state: 'IL' };
    expect(changedValues(us, 'country', 'CA').state).toBe('');
    expect(changedValues({ ...ADA, country: 'GB', state: 'Kent' }, 'country', 'IE').state).toBe('Kent');
    expect(changedValues(us, 'city', 'Chicago')).toEqual({ ...us, city: 'Chicago' });
  });

  it('draws the state as the country subdivisions, a select; countries by name', () => {
    const views = identityFieldViews(cart, { ...ADA, country: 'CA' }, places);
    const state = views.find((v) => v.name === 'state');
    expect(state).toMatchObject({ label: 'province', input: 'select', required: true });
    expect(state?.options).toContainEqual({ value: 'QC', label: 'Quebec' });
    expect(state?.options).toHaveLength(13);
    const country = views.find((v) => v.name === 'country');
    expect(country?.options).toContainEqual({ value: 'NZ', label: 'New Zealand' });
    const gb = identityFieldViews(cart, { ...ADA, country: 'GB' }, places).find((v) => v.name === 'state');
    expect(gb).toMatchObject({ label: 'state', input: 'text', required: false, options: null });
    expect(views.find((v) => v.name === 'addressMore')?.disabled).toBe(true);
  });
});

describe('the cart join', () => {
  it('reads the events and groups identity_form meta, and the purchaser details of the guest identity', () => {
    const cart = toCart(
      {
        cart: {
          _count: 1,
          _data: [
            {
              id: 'c1',
              cart_number: '1',
              seller_id: 's1',
              identity_id: 'g1',
              state: 'pending',
              expires_at: null,
              expires_in: null,
            },
          ],
        },
        identity: {
          _count: 1,
          _data: [{ id: 'g1', type: 'guest', first_name: 'Ada', last_name: 'L', email: 'ada@example.com' }],
        },
        meta: {
          _count: 3,
          _data: [
            {
              id: 'm1',
              resource: 'event_template',
              resource_id: 'e1',
              key: 'identity_form',
              value: '[{"key":"phone"}]',
            },
            {
              id: 'm2',
              resource: 'ticket_group',
              resource_id: 'g9',
              key: 'identity_form',
              value: '[{"key":"city","required":true}]',
            },
            { id: 'm3', resource: 'identity', resource_id: 'g1', key: 'zip_code', value: '62701' },
          ],
        },
      },
      { now: 0 },
    );
    expect(cart.identityForm).toEqual([{ key: 'phone' }, { key: 'city', required: true }]);
    expect(cart.purchaser).toEqual({
      firstName: 'Ada',
      lastName: 'L',
      email: 'ada@example.com',
      details: { zip_code: '62701' },
    });
    expect(cartPrefill(cart)).toMatchObject({ zipCode: '62701', emailConfirm: 'ada@example.com' });
  });
});
