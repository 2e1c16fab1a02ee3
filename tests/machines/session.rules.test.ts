/**
 * The member session's rules (spec 3 §4 "Session end", §9; spec 2 §6 "identity from the account"), written from the
 * spec: the session-expiry cookie is alive while it is there and its time has not passed (a value that is not a
 * time still counts as there); the greeting's first name is trimmed; the checkout's prefill takes the account's
 * names and email (the confirmation too).
 */
import { describe, expect, it } from 'vitest';
import { checkoutPrefill, firstNameOf, hasMembership, isSessionAlive } from '../../machines/session/rules';
import { makeMember } from '../../stories/fixtures/login';
import { sessions } from '../../stories/fixtures/session';

const NOW = 1_800_000_000_000;

describe('the session-expiry cookie (spec 3 §4, §9)', () => {
  it('no cookie, or an empty or blank one: the session is over', () => {
    expect(isSessionAlive(null, NOW)).toBe(false);
    expect(isSessionAlive('', NOW)).toBe(false);
    expect(isSessionAlive('   ', NOW)).toBe(false);
  });

  it('a time still ahead is alive; now or before is over', () => {
    expect(isSessionAlive(String(NOW + 1), NOW)).toBe(true);
    expect(isSessionAlive(` ${NOW + 60_000} `, NOW)).toBe(true);
    expect(isSessionAlive(String(NOW), NOW)).toBe(false);
    expect(isSessionAlive(String(NOW - 1), NOW)).toBe(false);
  });

  it('a value that is not a time still counts as there', () => {
    expect(isSessionAlive('yes', NOW)).toBe(true);
    expect(isSessionAlive('Infinity', NOW)).toBe(true);
  });
});

describe('what the header and the checkout take from the session', () => {
  it('the greeting’s first name, trimmed; none when blank or nobody is logged in', () => {
    const named = (firstName: string | null) => ({ ...sessions.ada, member: makeMember({ firstName }) });
    expect(firstNameOf(named('  Ada '))).toBe('Ada');
    expect(firstNameOf(named('   '))).toBeNull();
    expect(firstNameOf(named(null))).toBeNull();
    expect(firstNameOf(null)).toBeNull();
  });

  it('a member holds a membership when they have one', () => {
    expect(sessions.ada.memberships).toHaveLength(1);
    expect(hasMembership(sessions.ada)).toBe(true);
    expect(hasMembership({ ...sessions.ada, memberships: [] })).toBe(false);
    expect(hasMembership(null)).toBe(false);
  });

  it('the checkout prefill: names and the email twice (the confirmation), only what the account has', () => {
    expect(checkoutPrefill(sessions.ada)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.member@example.com',
      emailConfirm: 'ada.member@example.com',
    });
    const bare = { ...sessions.ada, member: makeMember({ firstName: null, lastName: null, email: null }) };
    expect(checkoutPrefill(bare)).toEqual({});
    expect(checkoutPrefill(null)).toBeUndefined();
  });
});
