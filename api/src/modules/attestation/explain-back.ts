// The explain-back check: four questions about the borrower's own loan, with choices taken from
// the figures the domain engine computed for their offer (never recomputed here). The wrong
// choices are other real figures of the same loan, the ones a borrower is most likely to confuse.
import { createHash } from 'node:crypto';

import type { ExplainBackAnswer, ExplainBackQuestion } from '@lending/contracts';
import type { ApprovedLoanSummary } from '@lending/domain';

type Choice = ExplainBackQuestion['choices'][number];

const KEYS = ['a', 'b', 'c'];

/** A fixed order per agreement and question, so the right answer is not always first but the
 *  same borrower sees the same question the same way each time. The right choice comes first in
 *  `choices`; what is returned says where it went. */
function arrange(seed: string, choices: Choice[]): { arranged: Choice[]; rightKey: string } {
  const digest = createHash('sha256').update(seed).digest();
  const order = choices
    .map((_choice, index) => ({ index, weight: digest[index]! * 8 + index }))
    .sort((a, b) => a.weight - b.weight)
    .map((entry) => entry.index);
  return {
    arranged: order.map((index, position) => ({ ...choices[index]!, key: KEYS[position]! })),
    rightKey: KEYS[order.indexOf(0)]!,
  };
}

function money(values: number[]): Choice[] {
  // Two figures of a loan can coincide (e.g. no fees at all): each choice must differ.
  return [...new Set(values)].map((amountSen) => ({ key: '', amountSen }));
}

export interface ExplainBack {
  questions: ExplainBackQuestion[];
  /** The right key of each question. */
  answers: Record<ExplainBackQuestion['id'], string>;
}

export function explainBack(
  agreementId: string,
  offer: ApprovedLoanSummary,
  lateChargeRateBp: number,
): ExplainBack {
  const raw: { id: ExplainBackQuestion['id']; choices: Choice[] }[] = [
    {
      id: 'AMOUNT_RECEIVED',
      choices: money([offer.netReceivedSen, offer.approvedSen, offer.totalRepayableSen]),
    },
    {
      id: 'MONTHLY_INSTALMENT',
      choices: money([offer.monthlyInstalmentSen, offer.totalInterestSen, offer.attestationFeeSen]),
    },
    {
      id: 'TOTAL_REPAYABLE',
      choices: money([offer.totalRepayableSen, offer.approvedSen, offer.netReceivedSen]),
    },
    {
      id: 'LATE_PAYMENT',
      choices: [
        { key: '', outcome: 'LATE_CHARGE', rateBp: lateChargeRateBp },
        { key: '', outcome: 'NOTHING' },
        { key: '', outcome: 'INTEREST_RATE_DOUBLES' },
      ],
    },
  ];
  const questions: ExplainBackQuestion[] = [];
  const answers = {} as ExplainBack['answers'];
  for (const question of raw) {
    const { arranged, rightKey } = arrange(`${agreementId}:${question.id}`, question.choices);
    questions.push({ id: question.id, choices: arranged });
    answers[question.id] = rightKey;
  }
  return { questions, answers };
}

/** The questions answered wrongly (or not at all). */
export function wrongAnswers(check: ExplainBack, given: ExplainBackAnswer[]): string[] {
  return check.questions
    .filter((question) => {
      const answer = given.find((one) => one.questionId === question.id);
      return answer?.choice !== check.answers[question.id];
    })
    .map((question) => question.id);
}
