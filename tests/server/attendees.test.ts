/**
 * Attendee details on a reserve (spec 1 §3 reservation line admit_name / admit_email, §5 "Attendee names:
 * required when the group or event meta says required; email required only when admit_emails is required"):
 * names trimmed and bounded, emails by the one email rule, required ones enforced with 400 validation_failed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { LECTURE, startTestServer, type TestServer } from './helpers';

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];

const TALK = demoIds.event('printmaking-talk');
const TALK_ADULT = demoIds.type('printmaking-talk', 'Adult');
const LECTURE_GENERAL = demoIds.type('lecture-restoration', 'General');
const LECTURE_GROUP = demoIds.group('lecture-restoration');

let s: TestServer;
let talkSession: string;
let lectureSession: string;

async function sessionOf(eventId: string): Promise<string> {
  const [row] = await s.handle.db
    .select({ id: t.eventSession.id })
    .from(t.eventSession)
    .where(eq(t.eventSession.eventTemplateId, eventId))
    .limit(1);
  if (!row) throw new Error(`no session of ${eventId}`);
  return row.id;
}

beforeAll(async () => {
  s = await startTestServer();
  talkSession = await sessionOf(TALK);
  lectureSession = await sessionOf(LECTURE);
  // The lecture's group (not its event) requires an email of each attendee.
  await s.handle.db.insert(t.meta).values({
    id: 'meta-test-lecture-admit-emails',
    resource: 'ticket_group',
    resourceId: LECTURE_GROUP,
    key: 'admit_emails',
    value: 'required',
  });
});
afterAll(async () => {
  await s.handle.close();
});

const reserve = (add: Record<string, unknown>[]) => s.json('POST', 'my/cart/modify', { body: { add } });
const talkLine = (extra: Record<string, unknown> = {}) => ({
  event_session_id: talkSession,
  ticket_type_id: TALK_ADULT,
  ...extra,
});

describe('admit_name and admit_email on a reserve', () => {
  it('keeps each ticket’s name trimmed and its email, and the cart answers them', async () => {
    const r = await reserve([
      talkLine({ admit_name: '  Ada Lovelace ', admit_email: ' ada@example.com ' }),
      talkLine({ admit_name: 'Alan Turing' }),
    ]);
    expect(r.status).toBe(200);
    const tickets = doc(r.body).ticket?._data ?? [];
    expect(tickets.map((k) => [k.admit_name, k.admit_email])).toEqual([
      ['Ada Lovelace', 'ada@example.com'],
      ['Alan Turing', null],
    ]);
  });

  it("a name the event's meta requires, missing or only spaces: 400 validation_failed in admit_name", async () => {
    for (const line of [talkLine(), talkLine({ admit_name: '   ' }), talkLine({ admit_name: null })]) {
      const r = await reserve([talkLine({ admit_name: 'Ada Lovelace' }), line]);
      expect(r.status).toBe(400);
      expect(err(r.body)).toMatchObject({
        _code: 'validation_failed',
        _context: 'admit_name',
        _description: 'add.1: Input must not be empty',
      });
    }
  });

  it("an email the group's meta requires: 400 validation_failed in admit_email; the event asks no name", async () => {
    const line = { event_session_id: lectureSession, ticket_type_id: LECTURE_GENERAL };
    const missing = await reserve([line]);
    expect(missing.status).toBe(400);
    expect(err(missing.body)).toMatchObject({ _code: 'validation_failed', _context: 'admit_email' });
    const given = await reserve([{ ...line, admit_email: 'grace@example.com' }]);
    expect(given.status).toBe(200);
    expect(doc(given.body).ticket?._data.map((k) => [k.admit_name, k.admit_email])).toEqual([
      [null, 'grace@example.com'],
    ]);
  });

  it('an email that is not an address, or a name too long: 400 validation_failed, nothing reserved', async () => {
    for (const extra of [
      { admit_name: 'Ada', admit_email: 'ada@localhost' },
      { admit_name: 'Ada', admit_email: 'not an email' },
      { admit_name: 'A'.repeat(102) },
    ]) {
      const r = await reserve([talkLine(extra)]);
      expect(r.status).toBe(400);
      expect(err(r.body)?._code).toBe('validation_failed');
    }
    // The longest name is a first and a last name of 50 each, joined by a space.
    const longest = await reserve([talkLine({ admit_name: `${'A'.repeat(50)} ${'B'.repeat(50)}` })]);
    expect(longest.status).toBe(200);
  });
});
