import {
  PSYCHOMETRIC_PATHS,
  type PsychometricAnswersRequest,
  type PsychometricQuestionnaire,
  type PsychometricResult,
} from '@lending/contracts';

import { api } from '../api/api-client';

/** The psychometric test: the questions (which start the server's timer) and the answers. */
export const psychometricApi = {
  async questions(
    applicationId: string,
    language: 'EN' | 'MS',
  ): Promise<PsychometricQuestionnaire> {
    return (
      await api.core.get<PsychometricQuestionnaire>(PSYCHOMETRIC_PATHS.questions, {
        params: { applicationId, language },
      })
    ).data;
  },
  async submit(
    applicationId: string,
    request: PsychometricAnswersRequest,
  ): Promise<PsychometricResult> {
    return (
      await api.core.post<PsychometricResult>(PSYCHOMETRIC_PATHS.answers(applicationId), request)
    ).data;
  },
};
