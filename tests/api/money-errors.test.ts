import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, UNEXPECTED_MESSAGE } from '../../api/errors';
import { formatMoney, fromCents, toCents } from '../../api/money';
import { REDACTED, redact } from '../../domain/redact';

describe('money', () => {
  it.each([
    ['25.00', 2500],
    ['0.29', 29],
    ['1.15', 115],
    ['19.99', 1999],
    ['0', 0],
    ['7', 700],
    ['7.5', 750],
    ['-5.00', -500],
    ['-0.00', 0],
    ['1234567.89', 123456789],
    ['0.005', 1],
    ['0.004', 0],
  ])('toCents(%s) = %i', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,000.00', '25.00 USD', '1e3', '.5'])('toCents rejects %j', (text) => {
    expect(() => toCents(text)).toThrow(RangeError);
  });

  it.each([
    [2500, '25.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-1999, '-19.99'],
    [123456789, '1234567.89'],
  ])('fromCents(%i) = %s', (cents, text) => {
    expect(fromCents(cents)).toBe(text);
    expect(toCents(text)).toBe(cents);
  });

  it('fromCents rejects fractions of a cent', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('formatMoney formats cents in a currency and locale', () => {
    expect(formatMoney(2500)).toMatch(/25\.00/);
    expect(formatMoney(2500, 'USD', 'en-US')).toBe('$25.00');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
  });
});

describe('ApiError', () => {
  it('ApiError carries its fields; isApiError narrows by code', () => {
    const error = new ApiError({
      code: 'not_found',
      status: 404,
      context: 'ticket_order',
      extra: { id: 'o' },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'not_found',
      status: 404,
      context: 'ticket_order',
      description: null,
    });
    expect(error.message).toBe(UNEXPECTED_MESSAGE);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'not_found')).toBe(true);
    expect(isApiError(error, 'cart_expired')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('redact', () => {
  it('replaces personal values deeply and case-insensitively without touching the input', () => {
    const input = {
      First_Name: 'Ada',
      lastName: 'Lovelace',
      EMAIL: 'ada@example.com',
      admit_email: 'x@y.io',
      password: 'p4ss',
      additional_info: { shoe: 42 },
      additionalInfo: [1, 2],
      phone: '555',
      address: { line1: '1 Road' },
      add: [{ ticket_type_id: 'tt-1', admit_name: 'Bob', nested: [{ name: 'Eve' }] }],
      note: 'mail me at ada@example.com please',
      count: 3,
      ok: true,
      none: null,
    };
    const copy = structuredClone(input);
    expect(redact(input)).toEqual({
      First_Name: REDACTED,
      lastName: REDACTED,
      EMAIL: REDACTED,
      admit_email: REDACTED,
      password: REDACTED,
      additional_info: REDACTED,
      additionalInfo: REDACTED,
      phone: REDACTED,
      address: REDACTED,
      add: [{ ticket_type_id: 'tt-1', admit_name: REDACTED, nested: [{ name: REDACTED }] }],
      note: `mail me at ${REDACTED} please`,
      count: 3,
      ok: true,
      none: null,
    });
    expect(input).toEqual(copy);
  });

  it('leaves promo codes out: an apply_code body and reserve codes (a bought code is its buyer’s secret)', () => {
    expect(
      redact({
        codes: ['K7QM2XPA9RTB'],
        require_benefit: true,
        preReservePromoCodes: { codes: ['H3WN8ZCE4FJD'], handler: 'citypass' },
      }),
    ).toEqual({
      codes: REDACTED,
      require_benefit: true,
      preReservePromoCodes: { codes: REDACTED, handler: 'citypass' },
    });
  });

  it('survives cycles and keeps shared references', () => {
    const shared = { id: 's' };
    const cyclic: Record<string, unknown> = { a: shared, b: shared };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ a: { id: 's' }, b: { id: 's' }, self: '[circular]' });
  });
});
