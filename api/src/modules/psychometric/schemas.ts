import type {
  PsychometricAnswersRequest,
  PsychometricQuestionnaire,
  PsychometricResult,
} from '@lending/contracts';
import { APPLICATION_STATUSES } from '@lending/domain';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const QuestionsQuerySchema = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  language: StringEnum(['EN', 'MS'], { default: 'EN' }),
});

export const ApplicationParamsSchema = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
});

const DIMENSIONS = [
  'budgeting',
  'saving',
  'debtAttitude',
  'businessPlanning',
  'riskAttitude',
] as const;

export const QuestionnaireSchema = Type.Object({
  version: Type.String(),
  language: StringEnum(['EN', 'MS']),
  scale: Type.Array(Type.Object({ value: Type.Integer(), label: Type.String() })),
  questions: Type.Array(
    Type.Object({ id: Type.String(), dimension: StringEnum(DIMENSIONS), text: Type.String() }),
  ),
  attemptId: Type.String({ format: 'uuid' }),
  startedAt: Type.String({ format: 'date-time' }),
});

export const AnswersBodySchema = Type.Object({
  attemptId: Type.String({ format: 'uuid' }),
  answers: Type.Record(Type.String({ maxLength: 20 }), Type.Integer({ minimum: 1, maximum: 5 }), {
    maxProperties: 60,
  }),
});

export const ResultSchema = Type.Object({
  outcome: StringEnum(['VALID', 'INVALID']),
  status: StringEnum(APPLICATION_STATUSES),
  invalidReasons: Type.Array(
    StringEnum(['ATTENTION_CHECK', 'INCONSISTENT', 'STRAIGHT_LINING', 'TOO_FAST']),
  ),
  message: Type.String(),
});

const _sameQuestionnaire: Same<
  Static<typeof QuestionnaireSchema>,
  PsychometricQuestionnaire
> = true;
const _sameAnswers: Same<Static<typeof AnswersBodySchema>, PsychometricAnswersRequest> = true;
const _sameResult: Same<Static<typeof ResultSchema>, PsychometricResult> = true;
