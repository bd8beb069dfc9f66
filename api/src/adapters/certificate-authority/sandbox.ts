// A real certificate authority on this machine: a root made at first use (its key sealed with
// the data key, never in the repository), holder certificates issued by it, CMS signatures made
// with node-forge. Signatures it makes verify with any PDF validator that is given its root.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

import forge from 'node-forge';

import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import type { OrmExecutor } from '../../kernel/transaction';
import type { CertificateAuthority, CertificateHolder, IssuedCertificate } from './port';
import type { CertificateAuthorityStore, StoredCertificate } from './store';

const ROOT_NAME = 'sandbox-root';
const ROOT_YEARS = 10;
const HOLDER_YEARS = 2;

/** RSA keys from Node's own crypto (native, milliseconds), handed to forge as PEM. */
function newKeyPair(): {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
  pem: string;
} {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return {
    privateKey: forgeKey,
    publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e),
    pem,
  };
}

/** Positive, 16 random bytes: unique without a counter shared between processes. */
function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function yearsAfter(date: Date, years: number): Date {
  const end = new Date(date);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}

export function normaliseIdNo(idNo: string): string {
  return idNo.replace(/[\s-]/g, '').toUpperCase();
}

export interface SandboxCertificateAuthorityDeps {
  db: Orm;
  store: CertificateAuthorityStore;
  sealer: Sealer;
  clock: Clock;
  /** The authority's own name, in its root's subject. */
  name?: string;
}

export function sandboxCertificateAuthority(
  deps: SandboxCertificateAuthorityDeps,
): CertificateAuthority {
  const { db, store, sealer, clock } = deps;
  const authorityName = deps.name ?? 'Sandbox Trust Services Root CA';
  type Root = { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey; pem: string };
  let cachedRoot: Root | null = null;

  /** The root, made on first use. Kept in memory only once read back from the database: one
   *  made inside a transaction that then rolls back must not outlive it. */
  async function root(on: OrmExecutor): Promise<Root> {
    if (cachedRoot) return cachedRoot;
    const existing = await store.root(on, ROOT_NAME);
    const kept =
      existing ??
      (await (async () => {
        const keys = newKeyPair();
        const cert = forge.pki.createCertificate();
        cert.publicKey = keys.publicKey;
        cert.serialNumber = newSerial();
        const now = clock.now();
        cert.validity.notBefore = new Date(now.getTime() - 60_000);
        cert.validity.notAfter = yearsAfter(now, ROOT_YEARS);
        const subject = [
          { name: 'commonName', value: authorityName },
          { name: 'organizationName', value: 'Sandbox Trust Services' },
          { name: 'countryName', value: 'MY' },
        ];
        cert.setSubject(subject);
        cert.setIssuer(subject);
        cert.setExtensions([
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
          { name: 'subjectKeyIdentifier' },
        ]);
        cert.sign(keys.privateKey, forge.md.sha256.create());
        return store.keepRoot(on, ROOT_NAME, {
          certificatePem: forge.pki.certificateToPem(cert),
          sealedKey: sealer.seal(keys.pem),
        });
      })());
    const loaded: Root = {
      cert: forge.pki.certificateFromPem(kept.certificatePem),
      key: forge.pki.privateKeyFromPem(sealer.openText(kept.sealedKey)) as forge.pki.rsa.PrivateKey,
      pem: kept.certificatePem,
    };
    if (existing) cachedRoot = loaded;
    return loaded;
  }

  function issued(row: StoredCertificate, rootPem: string): IssuedCertificate {
    return {
      serial: row.serial,
      subjectName: row.subjectName,
      certificatePem: row.certificatePem,
      chainPem: [rootPem],
      issuedAt: row.issuedAt,
      expiresAt: row.expiresAt,
    };
  }

  async function validRow(on: OrmExecutor, idNo: string): Promise<StoredCertificate | null> {
    const row = await store.certificate(on, sealer.fingerprint(normaliseIdNo(idNo)));
    return row && row.expiresAt > clock.now() ? row : null;
  }

  return {
    provider: 'sandbox',

    async enrol(holder: CertificateHolder, on: OrmExecutor = db): Promise<IssuedCertificate> {
      const ca = await root(on);
      const idNo = normaliseIdNo(holder.idNo);
      const fingerprint = sealer.fingerprint(idNo);
      const existing = await store.certificate(on, fingerprint);
      if (existing && existing.expiresAt > clock.now()) return issued(existing, ca.pem);
      const keys = newKeyPair();
      const cert = forge.pki.createCertificate();
      cert.publicKey = keys.publicKey;
      cert.serialNumber = newSerial();
      const now = clock.now();
      cert.validity.notBefore = new Date(now.getTime() - 60_000);
      cert.validity.notAfter = yearsAfter(now, HOLDER_YEARS);
      cert.setSubject([
        { name: 'commonName', value: holder.name, valueTagClass: forge.asn1.Type.UTF8 },
        { name: 'serialNumber', value: idNo },
        { name: 'countryName', value: 'MY' },
        ...(holder.email ? [{ name: 'emailAddress', value: holder.email }] : []),
      ] as forge.pki.CertificateField[]);
      cert.setIssuer(ca.cert.subject.attributes);
      cert.setExtensions([
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
        { name: 'extKeyUsage', emailProtection: true },
        { name: 'subjectKeyIdentifier' },
        {
          name: 'authorityKeyIdentifier',
          keyIdentifier: ca.cert.generateSubjectKeyIdentifier().getBytes(),
        },
      ]);
      cert.sign(ca.key, forge.md.sha256.create());
      const kept = await store.keepCertificate(
        on,
        {
          holderFingerprint: fingerprint,
          serial: cert.serialNumber,
          subjectName: holder.name,
          certificatePem: forge.pki.certificateToPem(cert),
          sealedKey: sealer.seal(keys.pem),
          issuedAt: cert.validity.notBefore,
          expiresAt: cert.validity.notAfter,
        },
        existing !== null,
      );
      return issued(kept, ca.pem);
    },

    async certificate(idNo: string, on: OrmExecutor = db): Promise<IssuedCertificate | null> {
      const row = await validRow(on, idNo);
      return row ? issued(row, (await root(on)).pem) : null;
    },

    async signDetached(
      idNo: string,
      content: Buffer,
      signingTime: Date,
      on: OrmExecutor = db,
    ): Promise<Buffer> {
      const row = await validRow(on, idNo);
      if (!row) throw new Error('The signer holds no valid certificate');
      const ca = await root(on);
      const certificate = forge.pki.certificateFromPem(row.certificatePem);
      const key = forge.pki.privateKeyFromPem(sealer.openText(row.sealedKey));
      const p7 = forge.pkcs7.createSignedData();
      p7.content = forge.util.createBuffer(content.toString('binary'));
      p7.addCertificate(certificate);
      p7.addCertificate(ca.cert);
      p7.addSigner({
        key,
        certificate,
        digestAlgorithm: forge.pki.oids.sha256!,
        authenticatedAttributes: [
          { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
          { type: forge.pki.oids.signingTime!, value: signingTime as unknown as string },
          { type: forge.pki.oids.messageDigest! },
        ],
      });
      p7.sign({ detached: true });
      return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
    },

    async rootPem(on: OrmExecutor = db): Promise<string> {
      return (await root(on)).pem;
    },
  };
}
