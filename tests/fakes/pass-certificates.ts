/**
 * Throwaway Apple Wallet certificates for the tests (never a server's): a root CA standing in for Apple's, a WWDR
 * intermediate it signs, and a pass type signer certificate the WWDR signs, with its key encrypted by a
 * passphrase, made by the system's openssl in a temporary folder. `verifySignature` checks a .pkpass's detached
 * PKCS#7 signature over its manifest against that root, and names the certificate that signed it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WalletPassSettings } from '../../server/wallet/config';

export interface PassCertificates {
  dir: string;
  settings: WalletPassSettings;
  files: { ca: string; signerCert: string; signerKey: string; wwdr: string };
  remove(): void;
}

export const PASS_TYPE_ID = 'pass.test.tix.tickets';
export const TEAM_ID = 'ABCDE12345';
const PASSPHRASE = 'throwaway passphrase';

const openssl = (dir: string, args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

export function makePassCertificates(): PassCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'tix-pass-'));
  writeFileSync(
    join(dir, 'ca.ext'),
    'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n',
  );
  writeFileSync(
    join(dir, 'signer.ext'),
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n',
  );
  const subj = (cn: string) => `/O=Tix test/CN=${cn}`;
  openssl(
    dir,
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem']
      .concat([
        '-days',
        '2',
        '-subj',
        subj('Throwaway root CA'),
        '-addext',
        'basicConstraints=critical,CA:TRUE',
      ])
      .concat(['-addext', 'keyUsage=critical,keyCertSign,cRLSign']),
  );
  openssl(
    dir,
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.csr'].concat([
      '-subj',
      subj('Throwaway WWDR'),
    ]),
  );
  openssl(
    dir,
    ['x509', '-req', '-in', 'wwdr.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', '2'].concat([
      '-days',
      '2',
      '-out',
      'wwdr.pem',
      '-extfile',
      'ca.ext',
    ]),
  );
  openssl(
    dir,
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'signer.plain.key', '-out', 'signer.csr'].concat([
      '-subj',
      `/UID=${PASS_TYPE_ID}/OU=${TEAM_ID}/CN=Pass Type ID: ${PASS_TYPE_ID}`,
    ]),
  );
  openssl(
    dir,
    ['x509', '-req', '-in', 'signer.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-set_serial', '3'].concat(
      ['-days', '2', '-out', 'signer.pem', '-extfile', 'signer.ext'],
    ),
  );
  // The key encrypted with the passphrase, in the traditional PEM form (RSA, AES-256-CBC) that node-forge reads.
  openssl(
    dir,
    ['rsa', '-in', 'signer.plain.key', '-aes256', '-traditional', '-out', 'signer.key'].concat([
      '-passout',
      `pass:${PASSPHRASE}`,
    ]),
  );
  const files = {
    ca: join(dir, 'ca.pem'),
    signerCert: join(dir, 'signer.pem'),
    signerKey: join(dir, 'signer.key'),
    wwdr: join(dir, 'wwdr.pem'),
  };
  return {
    dir,
    files,
    settings: {
      passTypeId: PASS_TYPE_ID,
      teamId: TEAM_ID,
      signerCert: readFileSync(files.signerCert, 'utf8'),
      signerKey: readFileSync(files.signerKey, 'utf8'),
      wwdr: readFileSync(files.wwdr, 'utf8'),
      keyPassphrase: PASSPHRASE,
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Verifies `signature` (DER PKCS#7, detached) over `manifest` against the root CA of `certs` (openssl smime,
 * binary content): throws when it does not verify; answers the PEM of the certificate that signed.
 */
export function verifySignature(certs: PassCertificates, manifest: Buffer, signature: Buffer): string {
  const dir = mkdtempSync(join(certs.dir, 'verify-'));
  writeFileSync(join(dir, 'manifest.json'), manifest);
  writeFileSync(join(dir, 'signature'), signature);
  openssl(
    dir,
    ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json'].concat(
      ['-CAfile', certs.files.ca, '-purpose', 'any', '-signer', 'signer-out.pem', '-out', '/dev/null'],
    ),
  );
  return readFileSync(join(dir, 'signer-out.pem'), 'utf8');
}
