/**
 * Apple Pay domain verification (issue 19): the association file is served at
 * `/.well-known/apple-developer-merchantid-domain-association` when configured, and nothing is there otherwise
 * (the SPA's fallback does not answer it either).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_PAY_ASSOCIATION_PATH } from '../../server/app';
import { startTestServer, type TestServer } from './helpers';

const FILE = '7B227073704964223A2246454431...association contents from the Dashboard';

describe('Apple Pay domain association file', () => {
  let withFile: TestServer;
  let without: TestServer;
  beforeAll(async () => {
    withFile = await startTestServer({ applePayDomainAssociation: FILE });
    without = await startTestServer();
  });
  afterAll(async () => {
    await withFile.handle.close();
    await without.handle.close();
  });

  it('serves the configured file as plain text', async () => {
    const res = await withFile.app.request(APPLE_PAY_ASSOCIATION_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(FILE);
  });

  it('answers 404 when none is configured', async () => {
    const res = await without.app.request(APPLE_PAY_ASSOCIATION_PATH);
    expect(res.status).toBe(404);
  });
});
