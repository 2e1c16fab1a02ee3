/**
 * The listing endpoint's rules (spec 1 §2, §6, §7): categories, metadata filters (`meta.{key}._in`, every key
 * must match), session bounds read in the seller's time zone, members-only events hidden from guests, and
 * the demo seller's `upsells` configuration as the storefront reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { toUpsellConfig } from '../../api/upsells';
import { demoIds } from '../../server/seed/demo';
import { GA, LECTURE, PLANETARIUM, SELLER, startTestServer, type TestServer } from './helpers';
import { browser, DEMO_MEMBERS, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const FAMILY = demoIds.event('family-day-pass');
const TOUR = demoIds.event('guided-highlights-tour');
const WORKSHOP = demoIds.event('robot-workshop');
const PREVIEW = demoIds.event('members-preview');

async function ids(query: Record<string, string>) {
  const r = await s.json('GET', 'events/available', { query });
  expect(r.status).toBe(200);
  return doc(r.body).event_template?._data.map((e) => e.id) ?? [];
}

describe('listing filters on the server', () => {
  it('filters by category', async () => {
    expect(await ids({ 'category._in': 'Guided Tours' })).toEqual([TOUR]);
    expect(await ids({ 'category._in': 'Guided Tours,Family Workshops' })).toEqual([TOUR, WORKSHOP]);
  });

  it('filters by metadata: any of the values of a key, every key', async () => {
    expect((await ids({ 'meta.audience._in': 'family' })).sort()).toEqual(
      [FAMILY, PLANETARIUM, WORKSHOP].sort(),
    );
    expect((await ids({ 'meta.audience._in': 'family,all' })).sort()).toEqual(
      [GA, FAMILY, PLANETARIUM, TOUR, WORKSHOP].sort(),
    );
    expect(await ids({ 'meta.audience._in': 'family', 'meta.addon._in': 'workshop' })).toEqual([WORKSHOP]);
    expect(await ids({ 'meta.audience._in': 'nobody' })).toEqual([]);
    expect(await ids({ 'meta.audience._in': 'adults' })).toEqual([LECTURE]);
  });

  it('answers odd metadata keys and too many metadata filters with 400', async () => {
    const bad = await s.json('GET', 'events/available', { query: { 'meta.Bad-Key._in': 'x' } });
    expect(bad.status).toBe(400);
    expect(errorBody.parse(bad.body)._data[0]?._code).toBe('validation_failed');
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`meta.k${i}._in`, 'x']));
    expect((await s.json('GET', 'events/available', { query: many })).status).toBe(400);
  });

  it('never lists members-only events to guests, even when asked', async () => {
    const all = await ids({
      'hidden_type._in': 'public_browsable,public_member_only',
      _withmemberevents: 'true',
    });
    expect(all).not.toContain(PREVIEW);
    expect(all).toContain(GA);
    expect(await ids({ 'hidden_type._in': 'public_member_only', _withmemberevents: 'true' })).toEqual([]);
  });

  it('reads date bounds as days in the seller time zone and embeds only sessions within them', async () => {
    // START is 2026-11-21 10:00 in New York; the next day runs 05:00Z to 05:00Z.
    const r = await s.json('GET', 'events/available', {
      query: {
        'event_session.start_datetime._gte': '2026-11-22',
        'event_session.start_datetime._lt': '2026-11-23',
        _embed: 'event_session',
      },
    });
    const d = doc(r.body);
    const listed = d.event_template?._data.map((e) => e.id) ?? [];
    expect(listed).toEqual(expect.arrayContaining([GA, PLANETARIUM, FAMILY, TOUR, WORKSHOP]));
    expect(listed).not.toContain(LECTURE);
    for (const session of d.event_session?._data ?? []) {
      expect(Date.parse(session.start_datetime)).toBeGreaterThanOrEqual(Date.parse('2026-11-22T05:00:00Z'));
      expect(Date.parse(session.start_datetime)).toBeLessThan(Date.parse('2026-11-23T05:00:00Z'));
    }
  });

  it('lists the add-on events of a visit window (an upsell step)', async () => {
    const window = {
      'event_session.start_datetime._gte': '2026-11-22T15:00:00.000Z', // 10:00 in New York
      'event_session.start_datetime._lt': '2026-11-22T17:00:00.000Z', // 12:00
      _embed: 'event_session',
    };
    const r = await s.json('GET', 'events/available', {
      query: { ...window, 'category._in': 'Family Workshops' },
    });
    const d = doc(r.body);
    expect(d.event_template?._data.map((e) => e.id)).toEqual([WORKSHOP]);
    expect(d.event_session?._data.map((x) => x.start_datetime)).toEqual(['2026-11-22T15:30:00.000Z']);
    const late = await ids({
      'event_session.start_datetime._gte': '2026-11-22T20:00:00.000Z', // 15:00
      'event_session.start_datetime._lt': '2026-11-22T22:00:00.000Z',
      'category._in': 'Family Workshops',
    });
    expect(late).toEqual([]);
  });

  it("serves the demo seller's upsells configuration in the shape the storefront reads", async () => {
    const r = await s.json('GET', 'config', { query: { 'resource_id._in': SELLER, 'key._in': 'upsells' } });
    const row = doc(r.body).config?._data[0];
    expect(toUpsellConfig(row?.value)).toEqual({
      visitTime: 'timeslot',
      anchorEventIds: [FAMILY],
      steps: [
        { categories: ['Guided Tours'], meta: {} },
        { categories: ['Family Workshops'], meta: {} },
      ],
    });
  });
});

describe('members-only events in the listing', () => {
  it('lists them to a logged-in member who asks, on the uncached prefix only', async () => {
    const m = await startMembersServer();
    try {
      const b = browser(m);
      const query = { 'hidden_type._in': 'public_browsable,public_member_only', _withmemberevents: 'true' };
      const listed = async (opts: { prefix?: string } = {}) =>
        doc((await b.json('GET', 'events/available', { query, ...opts })).body).event_template?._data.map(
          (e) => e.id,
        );
      expect(await listed()).not.toContain(PREVIEW);
      const login = await passwordLogin(b, DEMO_MEMBERS.password.email);
      expect(login.status).toBe(200);
      expect(await listed()).toContain(PREVIEW);
      expect(await listed({ prefix: '/cached/api/' })).not.toContain(PREVIEW);
      const without = await b.json('GET', 'events/available', {
        query: { 'hidden_type._in': query['hidden_type._in'] },
      });
      expect(doc(without.body).event_template?._data.map((e) => e.id)).not.toContain(PREVIEW);
    } finally {
      await m.handle.close();
    }
  });
});
