/**
 * The sandbox city-pass provider (outside production, or with TIX_DEMO=1, as the sandbox payment gateway):
 * a voucher exists when it has the format of one of the seller's `citypass_code_groups` (adult_regexp,
 * child_regexp), and its kind is the pattern it matches. The seller's config `citypass_sandbox`
 * (`{ failure_regexp }`) names vouchers that simulate an outage of the provider (answered `failure`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  CITYPASS_CODE_GROUPS_KEY,
  type CitypassCodeGroup,
  codeGroupsOf,
  voucherKinds,
} from '../../domain/citypass-rule';
import type { Db } from '../db';
import * as t from '../schema';
import type { CitypassProvider, VoucherCheck, VoucherResult } from './port';

/** The seller's config key of the sandbox's simulated outage. */
export const CITYPASS_SANDBOX_KEY = 'citypass_sandbox';

/** The seller's code groups (config `citypass_code_groups`). */
export async function sellerCodeGroups(db: Db, sellerId: string): Promise<CitypassCodeGroup[]> {
  const [row] = await db
    .select()
    .from(t.config)
    .where(and(eq(t.config.resourceId, sellerId), eq(t.config.key, CITYPASS_CODE_GROUPS_KEY)))
    .limit(1);
  return codeGroupsOf(row?.value);
}

export class SandboxCitypass implements CitypassProvider {
  constructor(private readonly db: Db) {}

  async check(req: VoucherCheck): Promise<VoucherResult> {
    const rows = await this.db
      .select()
      .from(t.config)
      .where(
        and(
          eq(t.config.resourceId, req.sellerId),
          inArray(t.config.key, [CITYPASS_CODE_GROUPS_KEY, CITYPASS_SANDBOX_KEY]),
        ),
      );
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const sandbox = value(CITYPASS_SANDBOX_KEY) as { failure_regexp?: unknown } | undefined;
    const failure = typeof sandbox?.failure_regexp === 'string' ? sandbox.failure_regexp : null;
    if (failure && safeTest(failure, req.code)) return { status: 'failure' };
    const kinds = voucherKinds(req.code, codeGroupsOf(value(CITYPASS_CODE_GROUPS_KEY)));
    const kind = kinds[0];
    return kind ? { status: 'ok', kind } : { status: 'invalid' };
  }
}

function safeTest(source: string, code: string): boolean {
  try {
    return source.length <= 200 && new RegExp(source).test(code);
  } catch {
    return false;
  }
}
