/**
 * The ticket form's rules written once for date-first, quantity-first and single event (core/ticket-form.ts),
 * from spec 1 §5 ("Attendee names": a name per ticket, required; "Surveys": required questions answered;
 * "City-pass voucher": a voucher of its format per ticket that takes one, sent with the visit, the session's
 * start) and §4 (the reserve carries the chosen counts only). The variants' tables hold each machine to these
 * through its own groups and session.
 */
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../api/models';
import { EMPTY_ADMIT } from '../../machines/reserve/core/admits';
import { fieldsHold, formInStep, formReserveInput } from '../../machines/reserve/core/ticket-form';
import { ticketFormContext } from '../../machines/reserve/core/ticketForm.machine';
import {
  attendeeLecture,
  citypassGroup,
  citypassLecture,
  lecture,
  lectureGroup,
  lectureSession,
  VOUCHERS,
} from '../../stories/fixtures/singleEventReserve';
import { requiredQuestion } from './reserve.oracle';

/** An empty form of the event (the form child's first context, no groups yet). */
const form = (event: EventDetail) => ticketFormContext({ input: { event, groups: [], session: null } });
const ADA = { first: 'Ada', last: 'Lovelace', email: '' };

describe('the ticket form (spec 1 §4, §5)', () => {
  it('one attendee field per ticket, the typed ones kept by position; fewer tickets drop the last', () => {
    const typed = { ...form(attendeeLecture), admits: { 't-general': [ADA] } };
    const two = formInStep(typed, [lectureGroup], { 't-general': 2 });
    expect(two).toEqual({
      quantities: { 't-general': 2 },
      admits: { 't-general': [ADA, EMPTY_ADMIT] },
      vouchers: {},
    });
    expect(formInStep({ ...typed, ...two }, [lectureGroup], { 't-general': 1 }).admits).toEqual({
      't-general': [ADA],
    });
    expect(formInStep({ ...typed, ...two }, [lectureGroup], {}).admits).toEqual({});
  });

  it('one voucher field per City Pass ticket, none for the others', () => {
    const next = formInStep(form(citypassLecture), [lectureGroup, citypassGroup], {
      't-general': 1,
      't-cp-adult': 2,
    });
    expect(next.vouchers).toEqual({ 't-cp-adult': ['', ''] });
    expect(next.admits).toEqual({});
  });

  it('a submit needs every attendee name, every required survey answer and every voucher of its format', () => {
    const one = { 't-general': 1 };
    const attendees = form(attendeeLecture);
    expect(fieldsHold({ ...attendees, admits: { 't-general': [EMPTY_ADMIT] } }, [lectureGroup], one)).toBe(
      false,
    );
    expect(fieldsHold({ ...attendees, admits: { 't-general': [ADA] } }, [lectureGroup], one)).toBe(true);
    const groups = [lectureGroup, citypassGroup];
    const pass = { 't-cp-adult': 1 };
    const passes = form(citypassLecture);
    expect(fieldsHold({ ...passes, vouchers: { 't-cp-adult': [''] } }, groups, pass)).toBe(false);
    expect(fieldsHold({ ...passes, vouchers: { 't-cp-adult': [VOUCHERS.wrong] } }, groups, pass)).toBe(false);
    expect(fieldsHold({ ...passes, vouchers: { 't-cp-adult': [VOUCHERS.adult] } }, groups, pass)).toBe(true);
    const surveyed = { ...lectureGroup, survey: [requiredQuestion('dietary')] };
    expect(fieldsHold(form(lecture), [surveyed], one)).toBe(false);
    expect(
      fieldsHold({ ...form(lecture), surveys: { 'g-lecture': { dietary: 'none' } } }, [surveyed], one),
    ).toBe(true);
    // Nothing chosen that asks: nothing to fill in.
    expect(fieldsHold(passes, groups, { 't-general': 2 })).toBe(true);
  });

  it('the reserve carries the chosen counts, the session, and the vouchers with the visit', () => {
    const groups = [lectureGroup, citypassGroup];
    const context = {
      ...form(citypassLecture),
      quantities: { 't-general': 0, 't-cp-adult': 1 },
      vouchers: { 't-cp-adult': [` ${VOUCHERS.adult} `] },
    };
    expect(formReserveInput(context, groups, lectureSession.id, lectureSession.start)).toEqual({
      request: {
        kind: 'tickets',
        tickets: {
          eventId: citypassLecture.id,
          sessionId: lectureSession.id,
          quantities: { 't-cp-adult': 1 },
          vouchers: { byType: { 't-cp-adult': [VOUCHERS.adult] }, visitDatetime: lectureSession.start },
        },
      },
    });
    const plain = { ...form(citypassLecture), quantities: { 't-general': 2 } };
    expect(formReserveInput(plain, groups, null, null)).toEqual({
      request: {
        kind: 'tickets',
        tickets: { eventId: citypassLecture.id, sessionId: null, quantities: { 't-general': 2 } },
      },
    });
  });
});
