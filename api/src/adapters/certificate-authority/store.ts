// What the sandbox certificate authority keeps: its root and the certificates it issued, private
// keys sealed.
import { eq } from 'drizzle-orm';

import { certificateAuthorityCertificates, certificateAuthorityRoots } from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

export interface StoredRoot {
  certificatePem: string;
  sealedKey: string;
}

export interface StoredCertificate {
  holderFingerprint: string;
  serial: string;
  subjectName: string;
  certificatePem: string;
  sealedKey: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** Every method takes the executor to run on: inside a signing transaction the authority must
 *  use that transaction (an embedded database has one connection). */
export function createCertificateAuthorityStore() {
  return {
    async root(db: OrmExecutor, name: string): Promise<StoredRoot | null> {
      const [row] = await db
        .select()
        .from(certificateAuthorityRoots)
        .where(eq(certificateAuthorityRoots.name, name));
      return row ? { certificatePem: row.certificatePem, sealedKey: row.privateKey } : null;
    },

    /** Two processes making a root at once: the first insert wins, both read it back. */
    async keepRoot(db: OrmExecutor, name: string, root: StoredRoot): Promise<StoredRoot> {
      await db
        .insert(certificateAuthorityRoots)
        .values({ name, certificatePem: root.certificatePem, privateKey: root.sealedKey })
        .onConflictDoNothing();
      return (await this.root(db, name))!;
    },

    async certificate(
      db: OrmExecutor,
      holderFingerprint: string,
    ): Promise<StoredCertificate | null> {
      const [row] = await db
        .select()
        .from(certificateAuthorityCertificates)
        .where(eq(certificateAuthorityCertificates.holderFingerprint, holderFingerprint));
      return row ? { ...row, sealedKey: row.privateKey } : null;
    },

    /** Replaces an expired certificate; a concurrent enrolment keeps the first one. */
    async keepCertificate(
      db: OrmExecutor,
      issued: StoredCertificate,
      replace: boolean,
    ): Promise<StoredCertificate> {
      const values = {
        holderFingerprint: issued.holderFingerprint,
        serial: issued.serial,
        subjectName: issued.subjectName,
        certificatePem: issued.certificatePem,
        privateKey: issued.sealedKey,
        issuedAt: issued.issuedAt,
        expiresAt: issued.expiresAt,
      };
      if (replace) {
        await db.insert(certificateAuthorityCertificates).values(values).onConflictDoUpdate({
          target: certificateAuthorityCertificates.holderFingerprint,
          set: values,
        });
      } else {
        await db.insert(certificateAuthorityCertificates).values(values).onConflictDoNothing();
      }
      return (await this.certificate(db, issued.holderFingerprint))!;
    },
  };
}

export type CertificateAuthorityStore = ReturnType<typeof createCertificateAuthorityStore>;
