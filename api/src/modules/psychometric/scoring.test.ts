import { CONSISTENCY_PAIRS, QUESTIONNAIRE } from './questionnaire';
import { answerProblems, dimensionScores, invalidReasons, scoreAnswers } from './scoring';

/** A careful applicant: agrees with sound statements, disagrees with the reversed ones. */
function carefulAnswers(): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const item of QUESTIONNAIRE) {
    answers[item.id] = item.kind === 'attention' ? item.expected : item.reverse ? 2 : 4;
  }
  return answers;
}

describe('psychometric questionnaire', () => {
  it('has 20 to 30 statements over five dimensions, in English and Bahasa Melayu', () => {
    expect(QUESTIONNAIRE.length).toBeGreaterThanOrEqual(20);
    expect(QUESTIONNAIRE.length).toBeLessThanOrEqual(30);
    expect(new Set(QUESTIONNAIRE.map((item) => item.dimension)).size).toBe(5);
    expect(new Set(QUESTIONNAIRE.map((item) => item.id)).size).toBe(QUESTIONNAIRE.length);
    for (const item of QUESTIONNAIRE) {
      expect(item.en.length).toBeGreaterThan(10);
      expect(item.ms.length).toBeGreaterThan(10);
      expect(item.ms).not.toBe(item.en);
    }
  });

  it('pairs each consistency twin with a reversed statement of the same dimension', () => {
    for (const [forward, against] of CONSISTENCY_PAIRS) {
      const a = QUESTIONNAIRE.find((item) => item.id === forward);
      const b = QUESTIONNAIRE.find((item) => item.id === against);
      expect(a).toMatchObject({ kind: 'scored', reverse: false });
      expect(b).toMatchObject({ kind: 'scored', reverse: true, dimension: a!.dimension });
    }
  });
});

describe('psychometric scoring', () => {
  it('scores reverse-worded statements the other way round', () => {
    const answers = carefulAnswers();
    expect(dimensionScores(answers).dimensions).toEqual({
      budgeting: 75,
      saving: 75,
      debtAttitude: 75,
      businessPlanning: 75,
      riskAttitude: 75,
    });
    const best = Object.fromEntries(
      QUESTIONNAIRE.map((item) => [
        item.id,
        item.kind === 'attention' ? item.expected : item.reverse ? 1 : 5,
      ]),
    );
    expect(dimensionScores(best).score).toBe(100);
  });

  it('accepts careful answers given over more than a minute', () => {
    expect(scoreAnswers(carefulAnswers(), 240)).toMatchObject({ outcome: 'VALID', score: 75 });
  });

  it('rejects answers where an attention check was not followed', () => {
    const answers = { ...carefulAnswers(), att1: 4 };
    expect(invalidReasons(answers, 240)).toEqual(['ATTENTION_CHECK']);
  });

  it('rejects answers that contradict themselves in two consistency pairs', () => {
    const one = { ...carefulAnswers(), bud2: 5, bud5: 5 };
    expect(invalidReasons(one, 240)).toEqual([]);
    const two = { ...one, sav1: 5, sav4: 5 };
    expect(invalidReasons(two, 240)).toEqual(['INCONSISTENT']);
  });

  it('rejects the same answer given to every statement', () => {
    const same = Object.fromEntries(
      QUESTIONNAIRE.map((item) => [item.id, item.kind === 'attention' ? item.expected : 3]),
    );
    expect(invalidReasons(same, 240)).toEqual(['STRAIGHT_LINING']);
  });

  it('rejects answers given in less than 60 seconds', () => {
    expect(invalidReasons(carefulAnswers(), 59)).toEqual(['TOO_FAST']);
    expect(invalidReasons(carefulAnswers(), 60)).toEqual([]);
  });

  it('names questions unanswered, unknown or answered outside 1 to 5', () => {
    const answers: Record<string, number> = { ...carefulAnswers(), extra: 3, bud1: 6 };
    delete answers.sav1;
    expect(answerProblems(answers)).toEqual({
      missing: ['sav1'],
      unknown: ['extra'],
      outOfRange: ['bud1'],
    });
    expect(answerProblems(carefulAnswers())).toEqual({ missing: [], unknown: [], outOfRange: [] });
  });
});
