import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { CaptchaRuntime } from '../captcha/captcha';
import type { CatalogCache } from '../catalog/cache';
import type { CitypassProvider } from '../citypass/port';
import type { Db } from '../db';
import type { PaymentGateway } from '../payments/gateway';
import type * as t from '../schema';
import type { WalletPasses } from '../wallet/config';
import type { Row } from './docs';
import { notFound } from './errors';
import { ParsedQuery } from './query';

export interface AppCtx {
  db: Db;
  now: () => number;
  production: boolean;
  /** The payment gateway; null: none configured (paid orders answer 409 payment_unavailable). */
  gateway: PaymentGateway | null;
  cache: CatalogCache;
  /**
   * The city-pass provider (server/citypass/port.ts); null or absent: none (a voucher answers 400
   * citypass_failure).
   */
  citypass?: CitypassProvider | null;
  /** The storefront's public origin for links in emails queued outside a request (gift codes); null: path only. */
  publicUrl?: string | null;
  /**
   * Rate limits outside the member routes (gift codes, pay) count the client address behind this many trusted
   * proxies (TRUST_PROXY; http/client-address.ts `clientAddress`); 0 or absent: the socket address.
   */
  trustProxy?: number;
  /**
   * The key of signed order links (manage links, server/manage/token.ts): TIX_LINK_SECRET; absent: a random key
   * kept in the database (`server_secret`).
   */
  linkSecret?: string | null;
  /**
   * The sellers' Apple Wallet pass certificates by slug (APPLE_WALLET_SELLERS, server/wallet/config.ts); a seller
   * not in it has no passes.
   */
  walletPasses?: WalletPasses;
  /** Captcha at checkout (server/captcha/captcha.ts): the sandbox offered or not, hCaptcha's verifier. */
  captcha?: CaptchaRuntime;
}

/**
 * The context of a request that may write emails outside the members' routes (confirmations, gift codes): links
 * use PUBLIC_URL, else the origin the request came to (as the members' links do).
 */
export function withRequestOrigin(ctx: AppCtx, c: C): AppCtx {
  return ctx.publicUrl ? ctx : { ...ctx, publicUrl: new URL(c.req.url).origin };
}

export type Env = { Variables: { seller: Row<typeof t.seller> } };
export type C = Context<Env>;

const uuid = z.uuid();

/** A path id; malformed ids are reported as not found (of the given resource type). */
export function idParam(c: C, name: string, resource: string): string {
  const v = c.req.param(name);
  if (!v || !uuid.safeParse(v).success) throw notFound(resource);
  return v.toLowerCase();
}

export function query(c: C): ParsedQuery {
  return new ParsedQuery(new URL(c.req.url).searchParams);
}

export { body } from './validate';
