// Scoring of the psychometric questionnaire: pure, so every rule is tested on its own.
import type { PsychometricDimension, PsychometricInvalidReason } from '@lending/contracts';

import {
  CONSISTENCY_PAIRS,
  QUESTIONNAIRE,
  type QuestionnaireItem,
  type ScoredItem,
} from './questionnaire';

/** Reading 25 statements and choosing an answer takes longer than this. */
export const MINIMUM_ANSWER_SECONDS = 60;
/** A pair is inconsistent when its two answers, one reversed, are this far apart or more. */
export const INCONSISTENT_GAP = 3;
/** How many inconsistent pairs make the answers unreliable. */
export const INCONSISTENT_PAIRS_LIMIT = 2;

export type Answers = Record<string, number>;

export type Scoring =
  | {
      outcome: 'VALID';
      score: number;
      dimensions: Record<PsychometricDimension, number>;
    }
  | {
      outcome: 'INVALID';
      reasons: PsychometricInvalidReason[];
      score: number;
      dimensions: Record<PsychometricDimension, number>;
    };

/** The ids of questions left unanswered, answered outside 1..5, or not in the questionnaire. */
export function answerProblems(
  answers: Answers,
  items: readonly QuestionnaireItem[] = QUESTIONNAIRE,
): { missing: string[]; unknown: string[]; outOfRange: string[] } {
  const ids = new Set(items.map((item) => item.id));
  const valid = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
  return {
    missing: items.filter((item) => answers[item.id] === undefined).map((item) => item.id),
    unknown: Object.keys(answers).filter((id) => !ids.has(id)),
    outOfRange: Object.entries(answers)
      .filter(([id, value]) => ids.has(id) && !valid(value))
      .map(([id]) => id),
  };
}

const itemScore = (item: ScoredItem, answer: number) => (item.reverse ? 6 - answer : answer);
const toPercent = (mean: number) => Math.round(((mean - 1) / 4) * 100);

/** Each dimension 0..100 (higher is the sounder behaviour); the score is their mean. */
export function dimensionScores(
  answers: Answers,
  items: readonly QuestionnaireItem[] = QUESTIONNAIRE,
): { score: number; dimensions: Record<PsychometricDimension, number> } {
  const sums = new Map<PsychometricDimension, { total: number; count: number }>();
  for (const item of items) {
    if (item.kind !== 'scored') continue;
    const entry = sums.get(item.dimension) ?? { total: 0, count: 0 };
    entry.total += itemScore(item, answers[item.id]!);
    entry.count += 1;
    sums.set(item.dimension, entry);
  }
  const dimensions = Object.fromEntries(
    [...sums].map(([dimension, { total, count }]) => [dimension, toPercent(total / count)]),
  ) as Record<PsychometricDimension, number>;
  const values = Object.values(dimensions);
  const score = Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  return { score, dimensions };
}

/** Why the answers cannot be relied on, in a fixed order; empty when they can. */
export function invalidReasons(
  answers: Answers,
  elapsedSeconds: number,
  items: readonly QuestionnaireItem[] = QUESTIONNAIRE,
): PsychometricInvalidReason[] {
  const reasons: PsychometricInvalidReason[] = [];
  if (items.some((item) => item.kind === 'attention' && answers[item.id] !== item.expected)) {
    reasons.push('ATTENTION_CHECK');
  }
  const inconsistent = CONSISTENCY_PAIRS.filter(
    ([forward, against]) =>
      Math.abs(answers[forward]! - (6 - answers[against]!)) >= INCONSISTENT_GAP,
  ).length;
  if (inconsistent >= INCONSISTENT_PAIRS_LIMIT) reasons.push('INCONSISTENT');
  const scoredAnswers = items.filter((item) => item.kind === 'scored').map((i) => answers[i.id]);
  if (new Set(scoredAnswers).size === 1) reasons.push('STRAIGHT_LINING');
  if (elapsedSeconds < MINIMUM_ANSWER_SECONDS) reasons.push('TOO_FAST');
  return reasons;
}

/** Scores a complete set of answers (check `answerProblems` first). */
export function scoreAnswers(answers: Answers, elapsedSeconds: number): Scoring {
  const { score, dimensions } = dimensionScores(answers);
  const reasons = invalidReasons(answers, elapsedSeconds);
  return reasons.length > 0
    ? { outcome: 'INVALID', reasons, score, dimensions }
    : { outcome: 'VALID', score, dimensions };
}
