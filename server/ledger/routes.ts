/**
 * `GET ledger/{ledgerType}/{cardNumber}` (spec 2 §7; issue 22): a gift card's number, state and balance, 404 when
 * the seller has no such card. Unknown numbers count against the address's guessing limit (`LIMITS.ledgerAddress`,
 * http/guess.ts); personal data none, but the answer is never cached (a balance changes with every payment).
 */
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { ErrorCode } from '../../domain/codes';
import type { AppCtx, C, Env } from '../http/context';
import { coll } from '../http/docs';
import { ApiError } from '../http/errors';
import { guardGuesses } from '../http/guess';
import { text } from '../http/validate';
import { LIMITS } from '../members/rate';
import { findLedger, LEDGER_CONTEXT, LEDGER_NUMBER_MAX, ledgerNotFound, wLedger } from './ledger';

const isMiss = (e: unknown) =>
  e instanceof ApiError && e.code === ErrorCode.not_found && e.context === LEDGER_CONTEXT;

const ledgerTypeParam = text(100).check(z.regex(/^[a-z0-9_]{1,100}$/));
const numberParam = text(LEDGER_NUMBER_MAX);

/** Runs a request that reads a card by its number under the address's guessing limit (only misses count). */
export const guardLedgerGuesses = <T>(ctx: AppCtx, c: C, run: () => Promise<T>): Promise<T> =>
  guardGuesses(ctx, c, { address: LIMITS.ledgerAddress }, isMiss, () => run());

export function registerLedger(api: Hono<Env>, ctx: AppCtx) {
  api.get('/ledger/:type/:number', async (c) => {
    const type = ledgerTypeParam.safeParse(c.req.param('type'));
    const number = numberParam.safeParse(c.req.param('number'));
    if (!type.success || !number.success || !number.data.trim()) throw ledgerNotFound();
    const card = await guardLedgerGuesses(ctx, c, async () => {
      const row = await findLedger(ctx.db, c.get('seller').id, type.data, number.data);
      if (!row) throw ledgerNotFound();
      return row;
    });
    const { ticket_id: _t, ticket_order_id: _o, ...shown } = wLedger(card);
    c.header('Cache-Control', 'no-store');
    return c.json({ ledger: coll([shown]) });
  });
}
