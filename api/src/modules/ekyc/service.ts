import type {
  ApplicationStatus,
  EkycImageKind,
  EkycSession,
  EkycStartResponse,
} from '@lending/contracts';

import { type EkycProvider, normaliseIdentityCardNo } from '../../adapters/ekyc/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import type { ApplicationAccess } from '../applications/service';
import type { EkycSessionRow, EkycStore } from './store';

/** Identity is verified after the application is submitted and before it is decided. */
const VERIFIABLE_STATUSES: readonly ApplicationStatus[] = [
  'PENDING',
  'KIV',
  'REQUESTED_FOR_INTERVIEW',
  'PSYCHOMETRIC_TEST',
  'REDO_PSYCHOMETRIC_TEST',
];

export const EKYC_MESSAGES = {
  notFound: 'eKYC session not found',
  notSubmitted: 'Identity verification starts after the application is submitted',
  alreadyComplete: 'Identity verification is already complete',
  notCompleted: 'Failed to complete eKYC',
  failed: 'ID verification failed',
} as const;

function view(row: EkycSessionRow): EkycSession {
  return {
    sessionId: row.id,
    applicationId: row.applicationId,
    status: row.status,
    message: row.resultMessage,
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

export function createEkycService(deps: {
  db: Orm;
  applications: ApplicationAccess;
  store: EkycStore;
  provider: EkycProvider;
  sealer: Sealer;
  clock: Clock;
}) {
  const { db, store, provider, sealer, clock } = deps;

  async function expectedFingerprint(applicationId: string, organizationId: string) {
    const number = await store.applicantIdentityCardNo(applicationId);
    if (number) return sealer.fingerprint(normaliseIdentityCardNo(number));
    return store.organizationIdentityCardHash(organizationId);
  }

  /** Brings an unfinished session up to date with the provider. */
  async function refresh(row: EkycSessionRow): Promise<EkycSessionRow> {
    if (row.status !== 'PENDING') return row;
    const now = clock.now();
    const state = await provider.status(row.providerRef);
    if (state.state === 'PENDING') return row;
    if (state.state === 'EXPIRED') return store.markExpired(row.id, now);
    const result = await provider.collectResult(row.providerRef);
    if (!result) return row;
    return store.saveResult(row, result, now);
  }

  async function ownSession(userId: string, sessionId: string) {
    const row = await store.findOwned(userId, sessionId);
    // Someone else's session answers like one that does not exist.
    if (!row) throw new HttpError(404, EKYC_MESSAGES.notFound);
    return row;
  }

  return {
    async start(
      userId: string,
      input: { applicationId: string; language?: 'EN' | 'MS' },
      ip: string | null,
    ): Promise<EkycStartResponse> {
      const application = await deps.applications.applicationOf(userId, input.applicationId);
      if (!VERIFIABLE_STATUSES.includes(application.status as ApplicationStatus)) {
        throw new HttpError(409, EKYC_MESSAGES.notSubmitted);
      }
      if (application.progress.includes('EKYCCOMPLETED')) {
        throw new HttpError(409, EKYC_MESSAGES.alreadyComplete);
      }
      const now = clock.now();
      const started = await provider.startSession({
        applicationId: application.id,
        audience: 'APPLICANT',
        identityCardFingerprint: await expectedFingerprint(
          application.id,
          application.organizationId,
        ),
        language: input.language ?? 'EN',
      });
      // The new session replaces the pending ones, with its audit row, all or nothing.
      const row = await inTransaction(db, async (tx) => {
        await store.expirePending(application.id, now, tx);
        const inserted = await store.insert(
          {
            applicationId: application.id,
            userId,
            provider: provider.name,
            providerRef: started.providerRef,
            status: 'PENDING',
            expiresAt: started.expiresAt,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        await writeAudit(tx, {
          action: 'ekyc.started',
          actor: `user:${userId}`,
          subject: `application:${application.id}`,
          entity: `ekyc-session:${inserted.id}`,
          to: 'PENDING',
          ip,
          at: now,
          detail: { sessionId: inserted.id, provider: provider.name },
        });
        return inserted;
      });
      return {
        sessionId: row.id,
        captureUrl: started.captureUrl,
        expiresAt: started.expiresAt.toISOString(),
      };
    },

    async status(userId: string, sessionId: string): Promise<EkycSession> {
      return view(await refresh(await ownSession(userId, sessionId)));
    },

    /** For staff: the application's latest session and the images it holds. */
    async outcomeFor(applicationId: string) {
      const row = await store.latestFor(applicationId);
      if (!row) return null;
      return {
        ...view(row),
        consentAt: row.consentAt?.toISOString() ?? null,
        images: await store.imageKinds(row.id),
      };
    },

    /** For staff: one image of a session of the application, opened; null when there is none. */
    async image(applicationId: string, sessionId: string, kind: EkycImageKind) {
      const session = await store.sessionOf(applicationId, sessionId);
      if (!session) return null;
      const found = await store.document(session.id, kind);
      if (!found) return null;
      return { contentType: found.contentType, content: sealer.openBytes(found.sealedContent) };
    },

    async confirm(userId: string, sessionId: string, ip: string | null): Promise<EkycSession> {
      const row = await refresh(await ownSession(userId, sessionId));
      if (row.status === 'FAILED') {
        throw new HttpError(409, row.resultMessage ?? EKYC_MESSAGES.failed);
      }
      if (row.status !== 'PASSED') throw new HttpError(409, EKYC_MESSAGES.notCompleted);
      if (row.confirmedAt) return view(row);
      await deps.applications.recordProgress(row.applicationId, 'EKYCCOMPLETED');
      return view(await store.markConfirmed(row.id, clock.now(), ip, userId));
    },
  };
}

export type EkycService = ReturnType<typeof createEkycService>;
