// What the sandbox eKYC provider keeps on its side, as a hosted vendor would: capture sessions
// and the images captured, sealed, until the lender collects them.
import { and, eq, isNull } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { ekycSandboxImages, ekycSandboxSessions } from '../../db/schema';
import type { EkycAudience, EkycDocumentKind } from './port';

export type SandboxSessionRow = typeof ekycSandboxSessions.$inferSelect;

/** A session the applicant has finished: a verdict, when and with what consent. */
export type FinishedSandboxSession = SandboxSessionRow & {
  verdict: 'PASSED' | 'FAILED';
  usedAt: Date;
  consentAt: Date;
};

export interface SandboxImageRow {
  kind: EkycDocumentKind;
  contentType: string;
  sealedContent: Buffer;
}

export function createSandboxEkycStore(db: Orm) {
  return {
    async byTokenHash(tokenHash: string): Promise<SandboxSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(ekycSandboxSessions)
        .where(eq(ekycSandboxSessions.tokenHash, tokenHash));
      return row;
    },

    async byId(id: string): Promise<SandboxSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(ekycSandboxSessions)
        .where(eq(ekycSandboxSessions.id, id));
      return row;
    },

    async insert(values: {
      tokenHash: string;
      expectedIdentityCardHash: string | null;
      language: 'EN' | 'MS';
      audience: EkycAudience;
      expiresAt: Date;
    }): Promise<string> {
      const [row] = await db
        .insert(ekycSandboxSessions)
        .values(values)
        .returning({ id: ekycSandboxSessions.id });
      return row!.id;
    },

    /** The finished session and its images, handed over once: the images are deleted in the same
     *  transaction. Null while the session is not finished. */
    async takeFinished(
      id: string,
    ): Promise<{ row: FinishedSandboxSession; images: SandboxImageRow[] } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(ekycSandboxSessions)
          .where(eq(ekycSandboxSessions.id, id))
          .for('update');
        if (!row?.verdict || !row.usedAt || !row.consentAt) return null;
        const images = await tx
          .select()
          .from(ekycSandboxImages)
          .where(eq(ekycSandboxImages.sessionId, id));
        await tx.delete(ekycSandboxImages).where(eq(ekycSandboxImages.sessionId, id));
        return {
          row: { ...row, verdict: row.verdict, usedAt: row.usedAt, consentAt: row.consentAt },
          images,
        };
      });
    },

    /** Marks the session used with its verdict and keeps its images; false when another
     *  submission used it first. */
    async claim(
      id: string,
      outcome: {
        usedAt: Date;
        verdict: 'PASSED' | 'FAILED';
        verdictMessage: string | null;
        consentTextVersion: string;
        consentAt: Date;
        consentIp: string | null;
      },
      images: SandboxImageRow[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Single use even when two submissions race: only the first finds it unused.
        const claimed = await tx
          .update(ekycSandboxSessions)
          .set(outcome)
          .where(and(eq(ekycSandboxSessions.id, id), isNull(ekycSandboxSessions.usedAt)))
          .returning({ id: ekycSandboxSessions.id });
        if (claimed.length === 0) return false;
        await tx
          .insert(ekycSandboxImages)
          .values(images.map((image) => ({ sessionId: id, ...image })));
        return true;
      });
    },
  };
}

export type SandboxEkycStore = ReturnType<typeof createSandboxEkycStore>;
