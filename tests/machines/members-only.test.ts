/**
 * Members-only access (spec 1 §2 layout 3, spec 3 §4 "Member benefits apply if today lies between validFrom
 * and validTo"): a current membership sees the event; earlier memberships only, the expired message; nobody,
 * the prompt. The renewal message shows when the current membership ends before the visit.
 */
import { describe, expect, it } from 'vitest';
import {
  expiresBeforeVisit,
  membersOnlyAccess,
  offersMemberTickets,
} from '../../machines/event/members-only';

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-06-01T12:00:00Z');
const current = { validFrom: '2026-01-01T00:00:00Z', validTo: '2026-12-31T23:59:59Z' };
const ended = { validFrom: '2025-01-01T00:00:00Z', validTo: '2025-12-31T23:59:59Z' };
const future = { validFrom: '2026-07-01T00:00:00Z', validTo: '2027-06-30T23:59:59Z' };

describe('members-only access', () => {
  it('guests and members without memberships get the prompt', () => {
    expect(membersOnlyAccess(null, NOW)).toBe('prompt');
    expect(membersOnlyAccess([], NOW)).toBe('prompt');
  });
  it('a current membership (between valid from and valid to) is a member', () => {
    expect(membersOnlyAccess([current], NOW)).toBe('member');
    expect(membersOnlyAccess([ended, current], NOW)).toBe('member');
    expect(membersOnlyAccess([current], at(current.validTo))).toBe('member');
    expect(membersOnlyAccess([current], at(current.validTo) + 1)).toBe('expired');
  });
  it('earlier memberships only: the expired message; one not started yet is not earlier', () => {
    expect(membersOnlyAccess([ended], NOW)).toBe('expired');
    expect(membersOnlyAccess([future], NOW)).toBe('prompt');
  });
  it('the renewal message: the current membership ends before the visit date', () => {
    expect(expiresBeforeVisit([current], NOW, at('2027-01-15T10:00:00Z'))).toBe(true);
    expect(expiresBeforeVisit([current], NOW, at('2026-07-15T10:00:00Z'))).toBe(false);
    expect(expiresBeforeVisit([current, future], NOW, at('2027-01-15T10:00:00Z'))).toBe(true);
    expect(expiresBeforeVisit([ended], NOW, at('2027-01-15T10:00:00Z'))).toBe(false);
    expect(expiresBeforeVisit([current], NOW, null)).toBe(false);
  });
});

describe('member tickets on a reserve form (where the renewal message may show)', () => {
  const publicGroup = { hiddenType: 'public_browsable' };
  const memberGroup = { hiddenType: 'public_member_only' };
  it('a members-only event, or a session with a members-only group', () => {
    expect(offersMemberTickets({ hiddenType: 'public_member_only' }, [publicGroup])).toBe(true);
    expect(offersMemberTickets({ hiddenType: 'public_browsable' }, [publicGroup, memberGroup])).toBe(true);
  });
  it('public tickets only: no renewal message', () => {
    expect(offersMemberTickets({ hiddenType: 'public_browsable' }, [publicGroup])).toBe(false);
    expect(offersMemberTickets({ hiddenType: 'public_browsable' }, [])).toBe(false);
  });
});

// Boundaries the mutation run (issue 29) found untested: each fails with its rule's comparison changed.
describe('members-only boundaries', () => {
  it('a membership starting this very moment is current', () => {
    expect(
      membersOnlyAccess([{ validFrom: '2026-06-01T12:00:00Z', validTo: '2026-12-31T00:00:00Z' }], NOW),
    ).toBe('member');
  });

  it('an ended membership beside one not started yet: the expired message', () => {
    expect(membersOnlyAccess([future, ended], NOW)).toBe('expired');
  });

  it('the renewal message reads the latest current end, and a visit at that very end is still covered', () => {
    const longer = { validFrom: '2026-01-01T00:00:00Z', validTo: '2027-03-31T23:59:59Z' };
    expect(expiresBeforeVisit([current, longer], NOW, at('2027-01-15T10:00:00Z'))).toBe(false);
    expect(expiresBeforeVisit([current], NOW, at(current.validTo))).toBe(false);
  });
});
