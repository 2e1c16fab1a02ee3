/**
 * Error reporting (spec 3 §8 "Error-reporting filter ignores 4xx on API calls: 402, 404, 409, 410, 422, and 401
 * on login and user"; issue 26): the filter, written from the spec's list, and the default beacon adapter, driven
 * through the real request client with a fake fetch.
 */
import { describe, expect, it } from 'vitest';
import { createApi } from '../../api';
import { ApiError } from '../../api/errors';
import {
  beaconReporter,
  createErrorReporting,
  type ErrorReport,
  type ErrorReporter,
  reportCallError,
  reportFailure,
} from '../../routes/app/error-reporting';

const collect = (): ErrorReporter & { reports: ErrorReport[] } => {
  const reports: ErrorReport[] = [];
  return { reports, report: (r) => reports.push(r) };
};

const error = (status: number, code = 'something_new') => new ApiError({ code, status, description: 'Nope' });

describe('the filter (spec 3 §8)', () => {
  it.each([402, 404, 409, 410, 422])('a %i on an API call is not reported', (status) => {
    const reporter = collect();
    reportCallError(reporter, error(status), { method: 'GET', path: 'events' }, '/s/events');
    expect(reporter.reports).toEqual([]);
  });

  it.each(['login', 'user', 'my/user', 'my/user/abc'])('a 401 on %s is not reported', (path) => {
    const reporter = collect();
    reportCallError(reporter, error(401), { method: 'POST', path }, '/s/');
    expect(reporter.reports).toEqual([]);
  });

  it('a 401 elsewhere, a 400 with an unknown code and a 500 are reported, with the call and the page', () => {
    const reporter = collect();
    reportCallError(reporter, error(401), { method: 'GET', path: 'my/membership' }, '/s/my-account');
    reportCallError(reporter, error(400), { method: 'POST', path: 'cart' }, '/s/events/1');
    reportCallError(reporter, error(500, 'unexpected'), { method: 'GET', path: 'events' }, '/s/events');
    expect(reporter.reports.map((r) => [r.status, r.call, r.page])).toEqual([
      [401, 'GET my/membership', '/s/my-account'],
      [400, 'POST cart', '/s/events/1'],
      [500, 'GET events', '/s/events'],
    ]);
  });

  it('an expected code of a flow (sold out) is not reported whatever its status', () => {
    const reporter = collect();
    reportCallError(reporter, error(400, 'event_session_sold_out'), { method: 'POST', path: 'cart' }, '/s/');
    expect(reporter.reports).toEqual([]);
  });

  it('a failed screen and an unhandled rejection are reported; API errors (reported at their call) and aborts not', () => {
    const reporter = collect();
    reportFailure(reporter, new TypeError('x is undefined'), 'render', '/s/events');
    reportFailure(reporter, error(500, 'unexpected'), 'rejection', '/s/events');
    reportFailure(reporter, new DOMException('gone', 'AbortError'), 'rejection', '/s/events');
    expect(reporter.reports).toEqual([
      { kind: 'render', message: 'TypeError: x is undefined', page: '/s/events' },
    ]);
  });
});

describe('the default adapter', () => {
  it("sends each report as a beacon to the server's error_report with the seller id, at most 10 per page", () => {
    const sent: Array<[string, string]> = [];
    const reporter = beaconReporter({ apiPrefix: '/api/', sellerId: 's 1' }, (url, body) => {
      sent.push([url, body]);
      return true;
    });
    for (let i = 0; i < 12; i++) reporter.report({ kind: 'render', message: `m${i}`, page: '/' });
    expect(sent).toHaveLength(10);
    expect(sent[0]).toEqual([
      '/api/error_report?seller_id=s%201',
      JSON.stringify({ kind: 'render', message: 'm0', page: '/' }),
    ]);
  });

  it('a beacon that throws never breaks the page', () => {
    const reporter = beaconReporter({ apiPrefix: '/api/', sellerId: 's' }, () => {
      throw new Error('no beacons here');
    });
    expect(() => reporter.report({ kind: 'render', message: 'm', page: '/' })).not.toThrow();
  });

  it('the API client tells the reporter of every error a call rejects with', async () => {
    const reporter = collect();
    const api = createApi(
      { apiPrefix: '/api/', cachedApiPrefix: '/cached/api/', sellerId: 's' },
      {
        fetch: async () =>
          new Response(JSON.stringify({ _data: [{ _code: 'brand_new', _description: 'Odd' }] }), {
            status: 400,
          }),
        logger: { warn: () => {} },
        onError: (e, call) => reportCallError(reporter, e, call, '/s/checkout'),
      },
    );
    await expect(api.request('POST', 'cart/abc/pay', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(reporter.reports).toEqual([
      {
        kind: 'api',
        message: 'Odd',
        code: 'brand_new',
        status: 400,
        call: 'POST cart/abc/pay',
        page: '/s/checkout',
      },
    ]);
  });

  it('createErrorReporting puts calls and failures through the filter into one reporter', () => {
    const reporter = collect();
    const reporting = createErrorReporting({ apiPrefix: '/api/', sellerId: 's' }, reporter);
    reporting.call(error(404), { method: 'GET', path: 'events/x' }, '/s/events/x');
    reporting.call(error(400), { method: 'GET', path: 'events' }, '/s/events');
    reporting.failure(new Error('boom'), 'rejection', '/s/');
    expect(reporter.reports.map((r) => r.kind)).toEqual(['api', 'rejection']);
  });
});
