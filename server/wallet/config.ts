/**
 * Apple Wallet pass settings (issue 20), server-side only: `APPLE_WALLET_SELLERS` (JSON, in the environment, read
 * as `STRIPE_SELLERS` is: server/payments/sellers.ts) gives a seller, by slug, its pass type certificate:
 * `{"venue-slug": {"passTypeId": "pass.org.venue.tickets", "teamId": "ABCDE12345", "signerCertFile": "/…/pass.pem",
 * "signerKeyFile": "/…/pass.key", "wwdrFile": "/…/wwdr.pem", "keyPassphrase": "…"}}` (keyPassphrase optional: an
 * unencrypted key). The files are read once at start and checked (a certificate, a key its passphrase opens); a
 * problem names the seller and the setting, never a value. Nothing of it reaches the browser or a log; sellers
 * not listed have no passes (GET ticket_order/{id}/wallet.pkpass answers 404, no link shows). There is no test or
 * default certificate to fall back to: tests pass theirs to createApp.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sellerEntries } from '../seller-settings';

export interface WalletPassSettings {
  passTypeId: string;
  teamId: string;
  /** PEM texts. */
  signerCert: string;
  signerKey: string;
  wwdr: string;
  keyPassphrase: string | null;
}

/** The sellers' pass settings by slug. */
export type WalletPasses = ReadonlyMap<string, WalletPassSettings>;

export type WalletPassesEnv =
  | { ok: true; sellers: Map<string, WalletPassSettings> }
  | { ok: false; problem: string };

const PASS_TYPE_RE = /^pass\.[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63}){1,10}$/;
const TEAM_RE = /^[A-Z0-9]{10}$/;

/** Checks a seller's settings (PEM texts): the problem in words (no value), or null. */
export function walletPassProblem(s: WalletPassSettings): string | null {
  if (!PASS_TYPE_RE.test(s.passTypeId)) return 'passTypeId is not a pass type identifier (pass.…)';
  if (!TEAM_RE.test(s.teamId)) return 'teamId is not a team identifier (10 letters and digits)';
  for (const [name, pem] of [
    ['signerCertFile', s.signerCert],
    ['wwdrFile', s.wwdr],
  ] as const) {
    try {
      new X509Certificate(pem);
    } catch {
      return `${name} is not a PEM certificate`;
    }
  }
  try {
    createPrivateKey(s.keyPassphrase ? { key: s.signerKey, passphrase: s.keyPassphrase } : s.signerKey);
  } catch {
    return 'signerKeyFile is not a PEM private key that keyPassphrase opens';
  }
  return null;
}

/** The sellers' pass settings by slug (empty without `APPLE_WALLET_SELLERS`), or the problem. */
export function walletPassesFromEnv(
  env: NodeJS.ProcessEnv,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): WalletPassesEnv {
  const sellers = new Map<string, WalletPassSettings>();
  const listed = sellerEntries(env.APPLE_WALLET_SELLERS, 'APPLE_WALLET_SELLERS');
  if (!listed.ok) return listed;
  for (const [slug, v] of listed.entries) {
    const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
    const file = (name: string): string | { problem: string } => {
      const path = text(v[name]);
      if (!path) return { problem: `APPLE_WALLET_SELLERS[${slug}]: ${name} is missing` };
      try {
        return read(path);
      } catch (err) {
        return {
          problem: `APPLE_WALLET_SELLERS[${slug}]: ${name} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        };
      }
    };
    const signerCert = file('signerCertFile');
    const signerKey = file('signerKeyFile');
    const wwdr = file('wwdrFile');
    for (const f of [signerCert, signerKey, wwdr]) if (typeof f !== 'string') return { ok: false, ...f };
    const settings: WalletPassSettings = {
      passTypeId: text(v.passTypeId),
      teamId: text(v.teamId),
      signerCert: signerCert as string,
      signerKey: signerKey as string,
      wwdr: wwdr as string,
      keyPassphrase: typeof v.keyPassphrase === 'string' && v.keyPassphrase ? v.keyPassphrase : null,
    };
    const problem = walletPassProblem(settings);
    if (problem) return { ok: false, problem: `APPLE_WALLET_SELLERS[${slug}]: ${problem}` };
    sellers.set(slug, settings);
  }
  return { ok: true, sellers };
}
