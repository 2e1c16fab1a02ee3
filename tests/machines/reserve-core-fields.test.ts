/**
 * The reserve core's field rules at their edges (issue 29: what reserve/core's mutation run left alive), held to
 * spec 1 §5: each survey problem's message, and a number question's bounds as the question has them; a group
 * asks its survey only when it has questions and a chosen ticket; an unanswered question shows empty; a voucher
 * of spaces is empty; the server's refusal names one voucher the visitor typed, and only that field shows it; the
 * attendee names and emails each off, optional or required on their own; a name part of 50 characters holds and
 * 51 does not; a fixed price asks no amount.
 */
import { describe, expect, it } from 'vitest';
import type { TicketGroupModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import type { SurveyProblem, SurveyQuestion } from '../../domain/survey-rule';
import { admitEntries, attendeeViews, requestAdmits } from '../../machines/reserve/core/admits';
import { flexiblePriceProblem } from '../../machines/reserve/core/prices';
import { selectSurveys, surveyGroups, surveyProblemMessage } from '../../machines/reserve/core/surveys';
import { selectVouchers, voucherRefusalOf } from '../../machines/reserve/core/vouchers';
import { group, ticketType } from '../../stories/fixtures/dateFirstReserve';
import {
  citypassGroup,
  citypassLecture,
  lectureGroup,
  VOUCHERS,
  voucherUsedError,
} from '../../stories/fixtures/singleEventReserve';
import '../../ui/form-strings';
import '../../ui/reserve/strings';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';

const T = createStrings();
const text = (m: UiMessage | null | undefined) => (m ? resolveMessage(T, m) : null);

const question = (partial: Partial<SurveyQuestion> & Pick<SurveyQuestion, 'name'>): SurveyQuestion => ({
  title: partial.name,
  description: null,
  input: 'text',
  choices: null,
  integer: false,
  minimum: null,
  maximum: null,
  maxLength: null,
  required: false,
  ...partial,
});

describe('survey messages (core/surveys.ts)', () => {
  it('says what each problem is', () => {
    const q = question({ name: 'q', maxLength: 20 });
    const said = (problem: SurveyProblem) => text(surveyProblemMessage(problem, q));
    expect(said('required')).toBe('Input must not be empty');
    expect(said('email')).toBe('Please enter a valid email address.');
    expect(said('choice')).toBe('Please choose one of the listed answers.');
    expect(said('date')).toBe('Please enter a date.');
    expect(said('tooLong')).toBe('Please answer in at most 20 characters.');
  });

  it('names the bounds a number question has: both, a minimum, a maximum, or none', () => {
    const said = (minimum: number | null, maximum: number | null) =>
      (['range', 'number'] as const).map((p) =>
        text(surveyProblemMessage(p, question({ name: 'n', input: 'number', minimum, maximum }))),
      );
    expect(said(0, 120)).toEqual([
      'Please enter a number from 0 to 120.',
      'Please enter a number from 0 to 120.',
    ]);
    expect(said(5, null)).toEqual([
      'Please enter a number of at least 5.',
      'Please enter a number of at least 5.',
    ]);
    expect(said(null, 9)).toEqual([
      'Please enter a number of at most 9.',
      'Please enter a number of at most 9.',
    ]);
    expect(said(null, null)).toEqual(['Please enter a number.', 'Please enter a number.']);
  });

  it('asks a group with no questions nothing, even with a ticket chosen', () => {
    const silent = group({ id: 'g-silent', types: [ticketType('t-s', 'g-silent', 'S', 100)], survey: [] });
    const asked = group({
      id: 'g-asked',
      types: [ticketType('t-a', 'g-asked', 'A', 100)],
      survey: [question({ name: 'why' })],
    });
    expect(surveyGroups([silent, asked], { 't-s': 1, 't-a': 1 }).map((g) => g.id)).toEqual(['g-asked']);
    expect(surveyGroups([silent], { 't-s': 2 })).toEqual([]);
  });

  it('shows an unanswered question empty', () => {
    const asked = group({
      id: 'g-asked',
      types: [ticketType('t-a', 'g-asked', 'A', 100)],
      survey: [question({ name: 'why' }), question({ name: 'how' })],
    });
    const [view] = selectSurveys(
      { surveys: { 'g-asked': { how: 'bus' } }, surveysChecked: false, quantities: { 't-a': 1 } },
      [asked],
    );
    expect(view?.questions.map((q) => q.value)).toEqual(['', 'bus']);
  });
});

describe('city-pass vouchers (core/vouchers.ts)', () => {
  const groups = [lectureGroup, citypassGroup];
  const fields = (vouchers: Record<string, string[]>, voucherRefusal: ReturnType<typeof voucherRefusalOf>) =>
    selectVouchers(
      {
        event: citypassLecture,
        quantities: { 't-cp-adult': 2 },
        vouchers,
        vouchersChecked: true,
        voucherRefusal,
      },
      groups,
    );

  it('a voucher of spaces is empty, not of the wrong format', () => {
    expect(fields({ 't-cp-adult': ['   ', VOUCHERS.adult] }, null).map((f) => text(f.error))).toEqual([
      'Input must not be empty',
      null,
    ]);
  });

  it('the refusal names one of the vouchers typed, and only its field shows it', () => {
    const typed = { 't-cp-adult': ['CP-A000001', VOUCHERS.adult] };
    const refusal = voucherRefusalOf(voucherUsedError, typed);
    expect(refusal?.code).toBe(VOUCHERS.adult);
    expect(fields(typed, refusal).map((f) => text(f.error))).toEqual([
      null,
      `The City Pass code "${VOUCHERS.adult}" has already been used.`,
    ]);
  });

  it('a refusal naming no voucher, or a blank or non-text one, is not beside any field', () => {
    const withEmpty = { 't-cp-adult': ['', ' '] };
    for (const code of ['', '   ', 42, null])
      expect(voucherRefusalOf({ ...voucherUsedError, extra: { code } }, withEmpty), String(code)).toBeNull();
    expect(voucherRefusalOf({ ...voucherUsedError, extra: undefined }, withEmpty)).toBeNull();
  });

  it('a refusal of spaces for a description shows the format message', () => {
    const typed = { 't-cp-adult': [VOUCHERS.adult] };
    const refusal = voucherRefusalOf(
      { code: ErrorCode.invalid_citypass, description: '   ', extra: { code: VOUCHERS.adult } },
      typed,
    );
    expect(text(refusal?.message)).toBe(
      'Does not match the expected format. Please check your City Pass code.',
    );
  });
});

describe('attendee fields (core/admits.ts)', () => {
  const types = [ticketType('t-1', 'g-ask', 'One', 1000)];
  const asking = (names: 'required' | 'optional' | 'off', emails: 'required' | 'optional' | 'off') =>
    group({ id: 'g-ask', types, admit: { names, emails } });
  const noMeta = { meta: {} };
  const typed = { 't-1': [{ first: ' Ada ', last: 'Lovelace', email: ' ada@example.org ' }] };
  const entries = (g: TicketGroupModel, admits = typed) => admitEntries(noMeta, [g], { 't-1': 1 }, admits);

  it('asks only the emails when names are off: the name is neither shown nor sent', () => {
    const g = asking('off', 'required');
    const [view] = attendeeViews(entries(g), true);
    expect(view?.name).toEqual([]);
    expect(view?.email?.required).toBe(true);
    expect(entries(g)[0]?.problems.first).toBeNull();
    expect(requestAdmits(noMeta, [g], { 't-1': 1 }, typed)).toEqual({
      't-1': [{ email: 'ada@example.org' }],
    });
  });

  it('asks only the names when emails are off: an email typed before is neither checked nor sent', () => {
    const g = asking('required', 'off');
    const odd = { 't-1': [{ first: 'Ada', last: 'Lovelace', email: 'not an address' }] };
    const [view] = attendeeViews(entries(g, odd), true);
    expect(view?.email).toBeNull();
    expect(view?.name.map((f) => f.field)).toEqual(['first', 'last']);
    expect(entries(g, odd)[0]?.problems.email).toBeNull();
    expect(requestAdmits(noMeta, [g], { 't-1': 1 }, odd)).toEqual({ 't-1': [{ name: 'Ada Lovelace' }] });
  });

  it('a name part of 50 characters holds; 51 is too long', () => {
    const g = asking('optional', 'off');
    const part = (n: number) => entries(g, { 't-1': [{ first: 'a'.repeat(n), last: '', email: '' }] })[0];
    expect(part(50)?.problems.first).toBeNull();
    expect(text(part(51)?.problems.first)).toBe('First name must be 50 characters or fewer.');
  });
});

describe('flexible prices (core/prices.ts)', () => {
  it('a fixed price asks no amount: anything typed for it is no problem', () => {
    expect(flexiblePriceProblem({}, 'ten')).toBeNull();
    expect(flexiblePriceProblem({ amountMinCents: null, amountMaxCents: null }, '')).toBeNull();
  });
});
