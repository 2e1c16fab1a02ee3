/**
 * Survey answers of a membership reserve checked at the boundary (server/memberships/survey.ts): the level
 * group's survey (meta `additional_info_spec`) decides which questions exist, which are required, their choices
 * and number ranges; bad answers are 400 additional_info_validation_failed (context additional_info, `_extra` the question and the
 * problem), the same rule and code as a ticket reserve's survey (domain/survey-rule.ts), oversized or
 * malformed ones 400/413 from the body schema, never a 500. Nothing is reserved and no gift code is taken.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { SURVEY_META as SURVEY_META_KEY } from '../../domain/survey-rule';
import { cartMembership, giftCode } from '../../server/memberships/schema';
import * as t from '../../server/schema';
import { DEMO_SELLER_ID } from '../../server/seed/demo';
import { membershipIds } from '../../server/seed/membership';
import { startTestServer, type TestServer } from './helpers';

let s: TestServer;
let groupId: string;
const INDIVIDUAL = membershipIds.level('Individual');

beforeAll(async () => {
  s = await startTestServer();
  const [level] = await s.handle.db.select().from(t.ticketType).where(eq(t.ticketType.id, INDIVIDUAL));
  groupId = level?.ticketGroupId as string;
});
afterAll(async () => {
  await s.handle.close();
});

const SPEC = {
  properties: {
    heard: { title: 'How did you hear about us?', type: 'string', enum: ['Friend', 'Web', 'Other'] },
    visits: { title: 'Visits per year', type: 'integer', minimum: 0, maximum: 52 },
    note: { title: 'Anything else?', type: 'string', maxLength: 20 },
  },
  required: ['heard'],
};

async function setSurvey(spec: unknown | null) {
  await s.handle.db
    .delete(t.meta)
    .where(and(eq(t.meta.resourceId, groupId), eq(t.meta.key, SURVEY_META_KEY)));
  if (spec !== null)
    await s.handle.db.insert(t.meta).values({
      id: 'test-survey-meta',
      resource: 'ticket_group',
      resourceId: groupId,
      key: SURVEY_META_KEY,
      value: JSON.stringify(spec),
    });
}

const reserve = (survey: unknown, extra: Record<string, unknown> = {}) =>
  s.json('POST', 'my/cart/modify', {
    body: {
      add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }],
      membership: {
        members: [{ party_role: 'member', first_name: 'Sue', last_name: 'Vey', email: 'sue@example.com' }],
        ...(survey === undefined ? {} : { survey }),
        ...extra,
      },
    },
  });

const answers = (data: Record<string, string>, group = () => groupId) => [{ ticket_group_id: group(), data }];

describe('survey answers of a membership reserve', () => {
  it('valid answers are kept with the membership ticket', async () => {
    await setSurvey(SPEC);
    const r = await reserve(answers({ heard: 'Web', visits: '4', note: ' hi ' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [row] = await s.handle.db
      .select()
      .from(cartMembership)
      .where(eq(cartMembership.ticketId, r.body.ticket._data[0].id));
    expect(row?.survey).toEqual(answers({ heard: 'Web', visits: '4', note: ' hi ' }));
  });

  it('bad answers: 400 additional_info_validation_failed naming the question and the problem', async () => {
    await setSurvey(SPEC);
    const cases: Array<[string, unknown, string | null, string]> = [
      ['no survey, a required question', undefined, 'heard', 'required'],
      ['required left blank', answers({ heard: '  ', visits: '3' }), 'heard', 'required'],
      ['an unknown question', answers({ heard: 'Web', shoe: '42' }), 'shoe', 'unknown'],
      ['not a listed choice', answers({ heard: 'Radio' }), 'heard', 'choice'],
      ['a number out of range', answers({ heard: 'Web', visits: '53' }), 'visits', 'range'],
      ['not a whole number', answers({ heard: 'Web', visits: '2.5' }), 'visits', 'number'],
      ['not a number', answers({ heard: 'Web', visits: 'many' }), 'visits', 'number'],
      ['too long', answers({ heard: 'Web', note: 'x'.repeat(21) }), 'note', 'tooLong'],
      ['another group', answers({ heard: 'Web' }, () => membershipIds.memberGroup), null, 'group'],
      ['twice', [...answers({ heard: 'Web' }), ...answers({ heard: 'Web' })], null, 'repeated'],
    ];
    for (const [what, survey, question, problem] of cases) {
      const r = await reserve(survey);
      expect(r.status, what).toBe(400);
      const e = errorBody.parse(r.body)._data[0];
      expect(e?._code, what).toBe(ErrorCode.additional_info_validation_failed);
      expect(e?._context, what).toBe('additional_info');
      expect(e?._extra, what).toMatchObject({ question, problem });
    }
  });

  it('a group without a survey takes no answers; an unreadable survey asks nothing', async () => {
    await setSurvey(null);
    expect((await reserve(undefined)).status).toBe(200);
    expect((await reserve(answers({ heard: 'Web' }))).status).toBe(400);
    await setSurvey('{not json');
    await s.handle.db
      .update(t.meta)
      .set({ value: '{not json' })
      .where(and(eq(t.meta.resourceId, groupId), eq(t.meta.key, SURVEY_META_KEY)));
    expect((await reserve(undefined)).status).toBe(200);
  });

  it('oversized and malformed answers are 400/413, never 500', async () => {
    await setSurvey(SPEC);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, 'a']));
    const bodies: unknown[] = [
      answers({ heard: 'x'.repeat(1001) }),
      answers({ ['k'.repeat(101)]: 'Web' }),
      answers(many),
      answers({ heard: 'W\u0000eb' }),
      [{ ticket_group_id: groupId, data: { heard: 7 } }],
      [{ ticket_group_id: groupId, data: { heard: 'Web' }, extra: 1 }],
      [{ ticket_group_id: groupId }],
      Array.from({ length: 21 }, () => answers({ heard: 'Web' })[0]),
      'Web',
      { heard: 'Web' },
    ];
    for (const survey of bodies) {
      const r = await reserve(survey);
      expect([400, 413], JSON.stringify(survey).slice(0, 80)).toContain(r.status);
    }
    const huge = await reserve(answers({ heard: 'x'.repeat(1_100_000) }));
    expect([400, 413]).toContain(huge.status);
  });

  it('a refused survey takes no gift code', async () => {
    await setSurvey(SPEC);
    await s.handle.db.insert(giftCode).values({
      code: 'SURVEYCODE',
      sellerId: DEMO_SELLER_ID,
      validFrom: null,
      validTo: null,
      maxRedemptions: 1,
      redeemedCount: 0,
      ticketTypeIds: null,
    });
    const r = await reserve(answers({ heard: 'Radio' }), { redeem: true, gift_code: 'SURVEYCODE' });
    expect(r.status).toBe(400);
    const [row] = await s.handle.db.select().from(giftCode).where(eq(giftCode.code, 'SURVEYCODE'));
    expect(row?.redeemedCount).toBe(0);
    expect(
      (await reserve(answers({ heard: 'Friend' }), { redeem: true, gift_code: 'SURVEYCODE' })).status,
    ).toBe(200);
  });
});
