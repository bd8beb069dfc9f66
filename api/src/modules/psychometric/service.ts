import type {
  ApplicationStatus,
  CaseFilePsychometric,
  PsychometricAnswersRequest,
  PsychometricInvalidReason,
  PsychometricQuestionnaire,
  PsychometricResult,
} from '@lending/contracts';

import type { Orm } from '../../db/database';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import type { ApplicationAccess } from '../applications/service';
import { AGREEMENT_SCALE, QUESTIONNAIRE, QUESTIONNAIRE_VERSION } from './questionnaire';
import { answerProblems, scoreAnswers } from './scoring';
import type { PsychometricStore } from './store';

const OPEN_STATUSES: readonly ApplicationStatus[] = ['PSYCHOMETRIC_TEST', 'REDO_PSYCHOMETRIC_TEST'];

export const PSYCHOMETRIC_MESSAGES = {
  notOpen: 'The psychometric test is not open for this application',
  attemptNotFound: 'Start the test again: this attempt was not found',
  alreadySubmitted: 'These answers have already been submitted',
  incomplete: 'Please answer every question',
  valid: 'Thank you, your answers have been submitted',
} as const;

const REASON_TEXT: Record<PsychometricInvalidReason, string> = {
  ATTENTION_CHECK: 'an instruction in the questions was not followed',
  INCONSISTENT: 'answers to statements that ask the same thing contradict each other',
  STRAIGHT_LINING: 'the same answer was given to every statement',
  TOO_FAST: 'the questions were answered too quickly to have been read',
};

export function invalidMessage(reasons: PsychometricInvalidReason[]): string {
  return `Please take the test again: ${reasons.map((reason) => REASON_TEXT[reason]).join('; ')}`;
}

export function createPsychometricService(deps: {
  db: Orm;
  applications: ApplicationAccess;
  store: PsychometricStore;
  clock: Clock;
}) {
  const { db, applications, store, clock } = deps;

  async function openApplication(userId: string, applicationId: string) {
    const application = await applications.applicationOf(userId, applicationId);
    if (!OPEN_STATUSES.includes(application.status as ApplicationStatus)) {
      throw new HttpError(409, PSYCHOMETRIC_MESSAGES.notOpen);
    }
    return application;
  }

  return {
    async questions(
      userId: string,
      applicationId: string,
      language: 'EN' | 'MS',
    ): Promise<PsychometricQuestionnaire> {
      const application = await openApplication(userId, applicationId);
      let attempt = await store.openAttempt(application.id);
      if (attempt && attempt.questionnaireVersion === QUESTIONNAIRE_VERSION) {
        // A reload or a change of language keeps the time the test started.
        if (attempt.language !== language) await store.setLanguage(attempt.id, language);
      } else {
        attempt = await store.start({
          applicationId: application.id,
          userId,
          questionnaireVersion: QUESTIONNAIRE_VERSION,
          language,
          startedAt: clock.now(),
        });
      }
      return {
        version: QUESTIONNAIRE_VERSION,
        language,
        scale: AGREEMENT_SCALE[language].map((label, index) => ({ value: index + 1, label })),
        questions: QUESTIONNAIRE.map((item) => ({
          id: item.id,
          dimension: item.dimension,
          text: language === 'MS' ? item.ms : item.en,
        })),
        attemptId: attempt.id,
        startedAt: attempt.startedAt.toISOString(),
      };
    },

    /** For staff: the latest submitted answers with their score, question by question. */
    async resultFor(applicationId: string): Promise<CaseFilePsychometric | null> {
      const row = await store.latestSubmitted(applicationId);
      if (!row?.submittedAt || !row.outcome) return null;
      const answers = row.answers ?? {};
      return {
        attemptId: row.id,
        questionnaireVersion: row.questionnaireVersion,
        language: row.language,
        startedAt: row.startedAt.toISOString(),
        submittedAt: row.submittedAt.toISOString(),
        outcome: row.outcome,
        score: row.score,
        dimensionScores: row.dimensionScores ?? {},
        invalidReasons: (row.invalidReasons ?? []) as PsychometricInvalidReason[],
        // Questions of another version are not known here: their answers are listed by id.
        answers:
          row.questionnaireVersion === QUESTIONNAIRE_VERSION
            ? QUESTIONNAIRE.map((item) => ({
                questionId: item.id,
                dimension: item.dimension,
                textEn: item.en,
                textMs: item.ms,
                answer: answers[item.id] ?? null,
              }))
            : Object.entries(answers).map(([questionId, answer]) => ({
                questionId,
                dimension: null,
                textEn: null,
                textMs: null,
                answer,
              })),
      };
    },

    async submit(
      userId: string,
      applicationId: string,
      input: PsychometricAnswersRequest,
      ip: string | null,
    ): Promise<PsychometricResult> {
      const application = await openApplication(userId, applicationId);
      const attempt = await store.find(application.id, input.attemptId);
      if (!attempt) throw new HttpError(404, PSYCHOMETRIC_MESSAGES.attemptNotFound);
      if (attempt.submittedAt) throw new HttpError(409, PSYCHOMETRIC_MESSAGES.alreadySubmitted);
      const problems = answerProblems(input.answers);
      if (problems.missing.length || problems.unknown.length || problems.outOfRange.length) {
        throw new HttpError(400, PSYCHOMETRIC_MESSAGES.incomplete);
      }
      const now = clock.now();
      const elapsedSeconds = (now.getTime() - attempt.startedAt.getTime()) / 1000;
      const scoring = scoreAnswers(input.answers, elapsedSeconds);
      const reasons = scoring.outcome === 'INVALID' ? scoring.reasons : [];
      const status = await inTransaction(db, async (tx) => {
        const taken = await store.markSubmitted(tx, attempt.id, {
          submittedAt: now,
          answers: input.answers,
          outcome: scoring.outcome,
          score: scoring.score,
          dimensionScores: scoring.dimensions,
          invalidReasons: reasons,
        });
        if (!taken) throw new HttpError(409, PSYCHOMETRIC_MESSAGES.alreadySubmitted);
        await writeAudit(tx, {
          action: 'psychometric.submitted',
          actor: `user:${userId}`,
          subject: `application:${application.id}`,
          entity: `psychometric-attempt:${attempt.id}`,
          ip,
          at: now,
          detail: { attemptId: attempt.id, outcome: scoring.outcome, reasons },
        });
        if (scoring.outcome === 'VALID') {
          await applications.changeStatus(
            {
              applicationId: application.id,
              to: 'PENDING',
              actor: 'applicant',
              actorRef: `user:${userId}`,
              actorId: userId,
              reason: 'Psychometric test taken',
              ip,
            },
            tx,
          );
          return 'PENDING' as const;
        }
        if (application.status === 'PSYCHOMETRIC_TEST') {
          await applications.changeStatus(
            {
              applicationId: application.id,
              to: 'REDO_PSYCHOMETRIC_TEST',
              actor: 'system',
              actorRef: 'system:psychometric-scoring',
              reason: `Answers not valid: ${reasons.join(', ')}`,
              ip,
            },
            tx,
          );
        }
        return 'REDO_PSYCHOMETRIC_TEST' as const;
      });
      return {
        outcome: scoring.outcome,
        status,
        invalidReasons: reasons,
        message:
          scoring.outcome === 'VALID' ? PSYCHOMETRIC_MESSAGES.valid : invalidMessage(reasons),
      };
    },
  };
}

export type PsychometricService = ReturnType<typeof createPsychometricService>;
