import type { ExplainBackAnswer, ExplainBackQuestion } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import { Box, Button, ErrorNotice, Stack, Text } from '@lending/ui';
import { formatRateBp } from '@lending/ui/screens';
import { type FormEvent, useEffect, useRef, useState } from 'react';

export interface ExplainBackFormProps {
  questions: ExplainBackQuestion[];
  busy: boolean;
  failure: string | null;
  onSubmit: (answers: ExplainBackAnswer[]) => void;
}

/**
 * The explain-back check: one question per fieldset, the borrower's own figures as choices. How
 * long each took is measured from the questions being shown to its last answer, and kept as
 * evidence with the answers.
 */
export function ExplainBackForm({ questions, busy, failure, onSubmit }: ExplainBackFormProps) {
  const { t } = useT('mf-loan-status');
  const shownAt = useRef(Date.now());
  const [answers, setAnswers] = useState<Record<string, { choice: string; at: number }>>({});
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    shownAt.current = Date.now();
  }, [questions]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (questions.some((question) => !answers[question.id])) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(
      questions.map((question) => ({
        questionId: question.id,
        choice: answers[question.id]!.choice,
        answeredAfterMs: Math.max(0, answers[question.id]!.at - shownAt.current),
      })),
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="explain-back">
      <Stack gap={5}>
        <Text>{t('attestation.check.intro')}</Text>
        {questions.map((question) => (
          <Box
            as="fieldset"
            key={question.id}
            borderWidth="1px"
            borderRadius="md"
            p={4}
            data-testid={`question-${question.id}`}
          >
            <Text as="legend" fontWeight="semibold" px={1}>
              {t(`attestation.check.questions.${question.id}`)}
            </Text>
            <Stack gap={2} mt={2}>
              {question.choices.map((choice) => {
                const id = `${question.id}-${choice.key}`;
                const label =
                  'amountSen' in choice
                    ? formatRinggit(choice.amountSen)
                    : choice.outcome === 'LATE_CHARGE'
                      ? t('attestation.check.outcomes.LATE_CHARGE', {
                          rate: formatRateBp(choice.rateBp),
                        })
                      : t(`attestation.check.outcomes.${choice.outcome}`);
                return (
                  <Box
                    asChild
                    key={choice.key}
                    display="flex"
                    gap={2}
                    alignItems="center"
                    minH="44px"
                  >
                    <label htmlFor={id}>
                      <input
                        id={id}
                        type="radio"
                        name={question.id}
                        value={choice.key}
                        checked={answers[question.id]?.choice === choice.key}
                        onChange={() =>
                          setAnswers((current) => ({
                            ...current,
                            [question.id]: { choice: choice.key, at: Date.now() },
                          }))
                        }
                      />
                      <span>{label}</span>
                    </label>
                  </Box>
                );
              })}
            </Stack>
          </Box>
        ))}
        {missing ? <ErrorNotice title={t('attestation.check.missing')} /> : null}
        {failure ? (
          <ErrorNotice title={t('attestation.check.failed')} description={failure} />
        ) : null}
        <Button type="submit" loading={busy} alignSelf="flex-start">
          {t('attestation.check.submit')}
        </Button>
      </Stack>
    </form>
  );
}
