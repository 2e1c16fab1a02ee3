/**
 * Password hashes (issue 18): new hashes use scrypt N = 2^17 (NODE_ENV=test alone keeps 2^14, so the suites stay
 * fast); a login with a hash of a lower cost succeeds and rewrites it at today's cost.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  passwordCost,
  verifyPassword,
} from '../../server/members/auth';
import { memberUser } from '../../server/members/schema';
import type { TestServer } from './helpers';
import {
  browser,
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  passwordLogin,
  startMembersServer,
} from './members-helpers';

const nodeEnv = process.env.NODE_ENV;
/** Runs with NODE_ENV as production has it (the cost every deployment uses). */
const asProduction = () => {
  process.env.NODE_ENV = 'production';
};
afterEach(() => {
  process.env.NODE_ENV = nodeEnv;
});

describe('the cost of new hashes', () => {
  it('is N = 2^17, r 8, p 1 outside tests; only NODE_ENV=test hashes at 2^14', async () => {
    expect(PASSWORD_COST).toEqual({ n: 131072, r: 8, p: 1 });
    for (const env of ['production', 'development', undefined]) {
      if (env === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = env;
      expect(passwordCost()).toEqual(PASSWORD_COST);
    }
    process.env.NODE_ENV = 'test';
    expect(passwordCost().n).toBe(16384);

    asProduction();
    const started = performance.now();
    const hash = await hashPassword('Right-Pass1');
    const ms = performance.now() - started;
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('Right-Pass1', hash)).toBe(true);
    expect(await verifyPassword('Wrong-Pass1', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    console.info(`scrypt N=2^17 hash: ${Math.round(ms)} ms`);
  });

  it('refuses stored hashes this server could not have written (no unbounded cost from a row)', async () => {
    const good = await hashPassword('Right-Pass1', { n: 1024, r: 8, p: 1 });
    expect(await verifyPassword('Right-Pass1', good)).toBe(true);
    const [, , , , salt, key] = good.split('$');
    for (const bad of [
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`,
      `scrypt$1024$0$1$${salt}$${key}`,
      `scrypt$1024$8$1$${salt}$${key}$extra`,
      `bcrypt$1024$8$1$${salt}$${key}`,
    ]) {
      expect(await verifyPassword('Right-Pass1', bad)).toBe(false);
      expect(needsRehash(bad)).toBe(false);
    }
  });
});

describe('rehash at login', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startMembersServer();
  });
  afterAll(async () => {
    await s.handle.close();
  });

  const member = DEMO_MEMBERS.password;
  const storedHash = async () => {
    const [row] = await s.handle.db
      .select({ hash: memberUser.passwordHash })
      .from(memberUser)
      .where(eq(memberUser.emailKey, member.email.toLowerCase()));
    return row?.hash ?? '';
  };

  it('a login with an old N = 2^14 hash succeeds and rewrites it at N = 2^17', async () => {
    const old = await hashPassword(DEMO_MEMBER_PASSWORD, { n: 2 ** 14, r: 8, p: 1 });
    await s.handle.db
      .update(memberUser)
      .set({ passwordHash: old })
      .where(and(eq(memberUser.emailKey, member.email.toLowerCase())));
    asProduction();
    expect(needsRehash(old)).toBe(true);
    // A wrong password rewrites nothing.
    expect((await passwordLogin(browser(s), member.email, 'Wrong-Pass1')).status).toBe(401);
    expect(await storedHash()).toBe(old);
    expect((await passwordLogin(browser(s), member.email)).status).toBe(200);
    const rewritten = await storedHash();
    expect(rewritten).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(rewritten).not.toBe(old);
    // The new hash logs in and stays as it is.
    expect((await passwordLogin(browser(s), member.email)).status).toBe(200);
    expect(await storedHash()).toBe(rewritten);
  });
});
